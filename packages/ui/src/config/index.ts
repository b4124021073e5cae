export * from './paths';
export * from './links';
