export * from './admin/schemas';
export * from './auth/schemas';
export * from './common/errors';
