export * from './answer-set';
export * from './edit-locks';
export * from './model';
export * from './schemas';
export * from './state';
export * from './unscheduled';
