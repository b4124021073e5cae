export * from './Button';
