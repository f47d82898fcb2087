export * from './choice-critic';
export * from './choice-features';
export * from './choice-layer';
export * from './choice-layer-policy';
export * from './choice-layer-training';
export * from './choice-objectives';
export * from './choice-think';
