export * from './audit-events';
export * from './one-time-password';
export * from './schemas';
export * from './state';
export * from './token-access';
