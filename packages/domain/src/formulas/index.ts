export * from './answer-values';
export * from './evaluate';
export * from './parser';
export * from './validate-formula';
