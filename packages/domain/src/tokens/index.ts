export * from './messages';
export * from './model';
export * from './schedule';
export * from './schemas';
export * from './staff-rules';
export * from './state';
export * from './state-machine';
export * from './zoned-time';
