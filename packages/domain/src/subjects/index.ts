export * from './csv';
export * from './history';
export * from './import';
export * from './model';
export * from './schemas';
export * from './subject-ids';
export * from './validate-subject';
export * from './visibility';
