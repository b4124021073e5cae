export * from './StatusMessage';
