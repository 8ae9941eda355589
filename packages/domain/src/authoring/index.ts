export * from './issues';
export * from './limits';
export * from './structure-locks';
export * from './validate-form';
export * from './validate-question';
export * from './validate-table';
