export * from './config/index';
export * from './loop/index';
