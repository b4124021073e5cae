export * from './theme';
export * from './providers';
export * from './primitives';
export * from './api';
export * from './config';
