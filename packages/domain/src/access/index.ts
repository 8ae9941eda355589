export * from './check';
export * from './implications';
export * from './modules';
export * from './permissions';
export * from './redaction';
export * from './roles';
export * from './schemas';
