import { IMPACT_PLACEHOLDERS } from '@prr/domain';
import { ImpactPage } from './ImpactPage';

/**
 * The page as the build writes it (packages/app/src/islandPages.ts): a placeholder in each slot,
 * which the server fills from the published snapshot as it serves the page.
 */
export function ImpactPageWithPlaceholders() {
  return <ImpactPage texts={IMPACT_PLACEHOLDERS} />;
}
