/**
 * /impact on the dev servers, which prerender nothing (packages/app/src/islandPages.ts): the page
 * from GET /api/impact, and Page Not Found while nothing is published, as the server answers it.
 */
import { HttpError } from '@prr/contract';
import { impactTexts } from '@prr/domain';
import { useImpact } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { ImpactPage } from './ImpactPage';

export function ImpactPageFromApi() {
  const impact = useImpact();
  return (
    <QueryView
      query={impact}
      loading="Loading the evidence..."
      error={(error) =>
        error instanceof HttpError && error.status === 404 ? <NotFoundPage /> : 'The evidence could not be loaded.'
      }
    >
      {(snapshot) => <ImpactPage texts={impactTexts(snapshot)} />}
    </QueryView>
  );
}
