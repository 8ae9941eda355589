export * from './custom-reports';
export * from './dates';
export * from './model';
export * from './state-machine';
