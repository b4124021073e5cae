/**
 * What each page of the production build loads (bench/browser/pageScripts.ts, the same reading the
 * bench's bundle table prints): a static page's scripts never bring react-router, and bring TanStack
 * Query or zod only where an island that reads the API does (docs/decisions/031-islands.md); a page
 * of the client app loads a few scripts, and its entry no zod. Runs on the build the journeys' setup made.
 */
import { describe, expect, it } from 'vitest';
import { sitePages } from '@prr/contract';
import { islandComponents, type IslandName } from '@prr/ui/islands/components';
import { composition } from '../bench/browser/composition';
import { pageScripts, readManifest, type PageIsland } from '../bench/browser/pageScripts';
import { staticClosure } from '../packages/app/build/routeChunk';
import { repoRoot } from './harness';

const outDir = `${repoRoot}packages/app/dist`;
const pages = pageScripts(outDir, repoRoot).filter((page) => page.hydrate === 'islands');

const ROUTER = ['react-router', 'react-router-dom'];
const API_CLIENT = ['@tanstack/query-core', '@tanstack/react-query', 'zod'];

const packagesIn = (files: string[]) =>
  composition(outDir, files, repoRoot)
    .parts.filter((part) => part.kind === 'package')
    .map((part) => part.name);
const readsApi = (islands: PageIsland[]) =>
  islands.some((island) => islandComponents[island.name as IslandName].readsApi === true);

describe("the static pages' scripts", () => {
  it('cover every static page of the table', () => {
    const staticPages = sitePages.filter((page) => page.hydrate === 'islands').map((page) => page.path);
    expect(staticPages).toContain('/');
    expect(pages.map((page) => page.page)).toEqual(staticPages);
  });

  it.each(pages.map((page) => [page.page, page] as const))(
    '%s: no router ever, and the API client only with an island that reads the API',
    (_path, page) => {
      const before = packagesIn(page.beforeInteraction);
      const after = packagesIn(page.afterInteraction);
      expect(before.filter((name) => ROUTER.includes(name))).toEqual([]);
      expect(after.filter((name) => ROUTER.includes(name))).toEqual([]);
      const idle = page.islands.filter((island) => island.load === 'idle');
      expect(before.filter((name) => API_CLIENT.includes(name)).sort()).toEqual(
        readsApi(idle) ? [...API_CLIENT].sort() : [],
      );
      if (!readsApi(page.islands)) expect(after.filter((name) => API_CLIENT.includes(name))).toEqual([]);
    },
  );
});

describe("the client app's scripts", () => {
  const manifest = readManifest(outDir, 'app');
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));

  it('the entry and what it imports carry no zod: its settings are made before zod loads (providers/zodJitless.ts)', () => {
    expect(entry).toBeDefined();
    expect(packagesIn([...staticClosure(manifest, entry!)])).not.toContain('zod');
  });

  it.each(
    pageScripts(outDir, repoRoot)
      .filter((page) => page.hydrate === 'app')
      .map((page) => [page.page, page] as const),
  )(
    '%s loads at most ten scripts before any interaction (docs/decisions/033-one-request-dashboard.md)',
    (_path, page) => {
      expect(page.beforeInteraction.length).toBeLessThanOrEqual(10);
    },
  );
});
