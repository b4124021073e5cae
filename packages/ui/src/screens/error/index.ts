export { isChunkLoadFailure, PageError, type PageErrorProps } from './PageError';
export { RouteErrorPage } from './RouteErrorPage';
