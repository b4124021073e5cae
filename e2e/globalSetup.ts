/** Builds the production site once before the browser journeys (they run against `npm start`'s entry). */
import { buildSite } from '../scripts/siteBuild.mjs';

export default function setup(): void {
  const result = buildSite(['--logLevel', 'warn']);
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
}
