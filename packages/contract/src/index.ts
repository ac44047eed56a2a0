export * from './errors.ts';
export * from './permissions.ts';
export * from './define-function.ts';
export * from './subscriptions.ts';
export * from './functions.ts';
