export * from './model';
export * from './state-machine';
