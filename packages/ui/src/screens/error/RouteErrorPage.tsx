/** The router's errorElement: the error a route threw while loading or rendering, as a PageError. */
import { useRouteError } from 'react-router-dom';
import { PageError } from './PageError';

export function RouteErrorPage() {
  return <PageError error={useRouteError()} />;
}
