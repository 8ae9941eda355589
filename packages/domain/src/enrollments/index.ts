export * from './model';
export * from './schemas';
export * from './staff-rules';
export * from './state';
export * from './state-machine';
