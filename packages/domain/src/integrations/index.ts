export type * from './audit-events';
