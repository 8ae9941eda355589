export * from './data-event-forms';
export * from './model';
export * from './validate-process';
