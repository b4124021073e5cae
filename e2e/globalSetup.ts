/** Builds the production site once before the browser journeys (they run against `npm start`'s entry). */
import { buildSite } from '../scripts/siteBuild.mjs';

export default function setup(): void {
  // `e2e` and `e2e-postgres` serve the same build: the second project's setup finds it made.
  if (process.env.PRR_E2E_SITE_BUILT) return;
  const result = buildSite(['--logLevel', 'warn']);
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
  process.env.PRR_E2E_SITE_BUILT = '1';
}
