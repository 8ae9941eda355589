export * from './api-permissions';
export type * from './audit-events';
export * from './schemas';
