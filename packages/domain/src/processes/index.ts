export * from './data-event-forms';
export * from './locks';
export * from './model';
export * from './schemas';
export * from './validate-process';
