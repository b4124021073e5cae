export * from './routeQuery';
export * from './hooks';
