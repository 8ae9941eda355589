export * from './schemas';
export * from './sniff';
