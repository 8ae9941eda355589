export * from './embedded';
export * from './evaluate';
export * from './messages';
export * from './model';
export * from './operators';
export * from './schemas';
export * from './validate-rule';
export * from './values';
