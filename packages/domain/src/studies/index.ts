export * from './model';
export * from './schemas';
export * from './state-machine';
