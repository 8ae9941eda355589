export * from './model';
export * from './password-policy';
export * from './schemas';
