export * from './emotion/index';
export * from './llm/index';
export * from './offline/index';
export * from './profiles/index';
