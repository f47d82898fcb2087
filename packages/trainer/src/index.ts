export * from './benchmark/index';
export * from './config/index';
export * from './loop/index';
export * from './report/index';
