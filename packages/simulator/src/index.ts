export * from './emotion/index';
