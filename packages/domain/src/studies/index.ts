export * from './model';
export * from './participant-settings';
export * from './schemas';
export * from './state-machine';
