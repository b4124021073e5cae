/**
 * The scripts each prerendered page runs, read from the build's manifest and HTML
 * (docs/decisions/031-islands.md): before any interaction, and once every island has hydrated and been
 * tapped. A page of the client app loads its entry and its route's chunk. A static page loads the
 * islands entry, then, once it is idle, the islands' runtime and the islands marked `idle`;
 * scrolling brings the `visible` and `scroll` ones, the visitor's reaching for one the `intent` ones,
 * and a tap the code they load on demand (a menu, a dialog, the map's drawing). Read by the bench's report and by the bundle test (e2e/bundles.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { notFoundPage, prerenderedFile, sitePages, type Hydrate } from '@prr/contract';
import type { IslandLoad } from '@prr/ui/islands';
import { appRouteChunk, MANIFESTS, type Manifest } from '../../packages/app/build/routeChunk.js';

export interface PageIsland {
  name: string;
  load: IslandLoad;
}

export interface PageScripts {
  /** The page's path ('/404' for Page Not Found). */
  page: string;
  hydrate: Hydrate;
  /** The islands on the page, in document order (none for a page of the client app). */
  islands: PageIsland[];
  /** Script files ('static/x.js') loaded before any interaction. */
  beforeInteraction: string[];
  /** Everything the page can load: every island hydrated, everything they load on demand. */
  afterInteraction: string[];
}

const LOADERS = 'packages/ui/src/islands/loaders.ts';
const RUNTIME = 'packages/ui/src/islands/hydrateIsland.tsx';

/** One of the build's two manifests: the client app's, or the islands' (packages/app/build/islandsBuild.ts). */
export function readManifest(outDir: string, which: keyof typeof MANIFESTS = 'app'): Manifest {
  const file = join(outDir, MANIFESTS[which]);
  if (!existsSync(file)) throw new Error(`${file} is missing: the build ran without its manifest`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** Each island's module, as a path from the repository root, read from the browser's loaders. */
export function islandModules(repoRoot: string): Map<string, string> {
  const source = readFileSync(join(repoRoot, LOADERS), 'utf8');
  const modules = new Map<string, string>();
  for (const [, name = '', path = ''] of source.matchAll(/(\w+): \(\) =>\s*import\('([^']+)'\)/g)) {
    const base = resolve(repoRoot, dirname(LOADERS), path);
    const file = ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
    if (!file) throw new Error(`${LOADERS}: the module of island "${name}" (${path}) was not found`);
    modules.set(name, relative(repoRoot, file));
  }
  return modules;
}

export function pageScripts(outDir: string, repoRoot: string): PageScripts[] {
  // Each page's scripts come from one of the two builds (packages/app/build/islandsBuild.ts).
  const manifests: Record<Hydrate, Manifest> = {
    app: readManifest(outDir, 'app'),
    islands: readManifest(outDir, 'islands'),
  };
  const keyOfFile = (manifest: Manifest, file: string) =>
    Object.keys(manifest).find((key) => manifest[key]!.file === file);
  /**
   * A chunk and its static imports; with `dynamic`, what it loads on demand too, and theirs. An
   * entry reached from another chunk (one that imports a module the build put in the entry) is
   * already loaded, and what it loads on demand is not this chunk's.
   */
  const closure = (
    manifest: Manifest,
    key: string,
    dynamic: boolean,
    into = new Set<string>(),
    seen = new Set<string>(),
  ) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || (chunk.isEntry && seen.size > 0)) return into;
    seen.add(key);
    if (chunk.file.endsWith('.js')) into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(manifest, imported, dynamic, into, seen);
    if (dynamic) for (const imported of chunk.dynamicImports ?? []) closure(manifest, imported, dynamic, into, seen);
    return into;
  };
  const islands = manifests.islands;
  const modules = islandModules(repoRoot);
  // A module the build groups with others lands in a shared chunk, which the manifest names by its
  // file only: find the chunk by the sources its map lists.
  const chunkOf = chunksBySource(outDir, islands, repoRoot);
  const keyOfModule = (path: string) => {
    const file = chunkOf.get(path);
    const key = file === undefined ? undefined : keyOfFile(islands, file);
    if (!key) throw new Error(`no chunk of the islands build holds ${path}`);
    return key;
  };
  const runtime = keyOfModule(RUNTIME);

  return [...sitePages.filter((page) => page.prerender !== 'shell'), notFoundPage].map((page) => {
    const manifest = manifests[page.hydrate];
    const html = readFileSync(join(outDir, prerenderedFile(page)), 'utf8');
    const entryFile = /<script type="module"[^>]* src="\/(static\/[^"]+\.js)"/.exec(html)?.[1];
    const entry = entryFile && keyOfFile(manifest, entryFile);
    if (!entry) throw new Error(`${prerenderedFile(page)} loads no script of the build`);
    const pageIslands = [...html.matchAll(/data-island="(\w+)"[^>]*?data-load="(\w+)"/g)].map(
      ([, name = '', load]) => ({ name, load: load as PageIsland['load'] }),
    );
    const before = closure(manifest, entry, false);
    // The client app's page: its route's chunk comes before the first render (resolveInitialPage).
    const route = page.hydrate === 'app' ? appRouteChunk(manifest, entry, page.path) : undefined;
    if (route) closure(manifest, route, false, before);
    // Not the entry's own on-demand code: the app's entry can load every route, the islands' entry every island.
    const after = new Set(before);
    if (route) closure(manifest, route, true, after);
    for (const island of pageIslands) {
      const module = modules.get(island.name);
      if (!module) throw new Error(`island "${island.name}" of ${page.path} is not in ${LOADERS}`);
      if (island.load === 'idle') {
        closure(islands, runtime, false, before);
        closure(islands, keyOfModule(module), false, before);
      }
      closure(islands, runtime, true, after);
      closure(islands, keyOfModule(module), true, after);
    }
    for (const file of before) after.add(file);
    return {
      page: page.path,
      hydrate: page.hydrate,
      islands: pageIslands,
      beforeInteraction: [...before],
      afterInteraction: [...after],
    };
  });
}

/** Each source file (from the repository root) and the chunk file that holds it, from the source maps. */
function chunksBySource(outDir: string, manifest: Manifest, repoRoot: string): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const { file } of Object.values(manifest)) {
    const mapFile = join(outDir, `${file}.map`);
    if (!file.endsWith('.js') || !existsSync(mapFile)) continue;
    const { sources } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    for (const source of sources) chunks.set(relative(repoRoot, resolve(dirname(mapFile), source)), file);
  }
  return chunks;
}
