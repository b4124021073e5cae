/**
 * The production build the browser bench measures: built into a temp folder (the shared
 * packages/app/dist is left alone) with Vite's manifest switched on from the command line, then
 * each route chunk's gzipped size and the JS a route needs before any interaction (the entry's
 * static imports plus the route chunk's), from the manifest's import graph, and what the entry
 * and the home page's chunks are made of (composition.ts).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSite } from '../../scripts/siteBuild.mjs';
import { REPO_ROOT } from '../lib/proc.js';
import { composition, type Composition } from './composition.js';
import { pageScripts } from './pageScripts.js';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteChunk {
  /** The URL path of the page, e.g. '/map'. */
  route: string;
  /** The screen module folder under packages/ui/src/screens. */
  screen: string;
  file: string;
  /** The route chunk alone, gzipped bytes. */
  gzip: number;
  /** Entry + route chunk and all their static imports, gzipped bytes: the JS before interaction. */
  initialGzip: number;
  initialFiles: number;
}

/** A prerendered page's scripts, from the manifest (pageScripts.ts): before any interaction and once every island is used. */
export interface PageBundle {
  page: string;
  hydrate: 'islands' | 'app';
  islands: number;
  beforeGzip: number;
  beforeFiles: number;
  afterGzip: number;
  /** The npm packages in the scripts before any interaction, largest first. */
  packagesBefore: string[];
}

export interface BuildReport {
  seconds: number;
  /** The entry chunk and its static imports, gzipped. */
  entryGzip: number;
  totalJsGzip: number;
  routes: RouteChunk[];
  /** The entry chunk and its static imports by npm package and workspace: what a first visit loads. */
  entryComposition: Composition;
  /** What / loads before any interaction: the islands entry, their runtime and the idle islands. */
  homeComposition?: Composition;
  /** Every prerendered page's scripts, before interaction and after every island is used. */
  pages: PageBundle[];
  /** gzipped bytes by /static/ file name, for the Lighthouse part. */
  gzipByFile: Record<string, number>;
}

/** Runs `vite build` into outDir; returns seconds, or throws with Vite's output. */
export function buildSiteInto(outDir: string): number {
  const start = Date.now();
  const result = buildSite(
    [
      // Vite's default config loader, as `npm run build`: the prerender step cannot run under the
      // `runner` loader ("Vite module runner has been closed").
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    { quiet: true },
  );
  if (result.status !== 0) {
    throw new Error(
      `vite build failed (exit ${result.status ?? result.signal}):\n${result.output.trim().slice(-3000)}`,
    );
  }
  return (Date.now() - start) / 1000;
}

/** Route path -> screen folder, read from the app's route table (lazy page per screen). */
export function routeScreens(): Array<{ route: string; screen: string }> {
  const routesSource = readFileSync(join(REPO_ROOT, 'packages/app/src/routes.tsx'), 'utf8');
  const pathsSource = readFileSync(join(REPO_ROOT, 'packages/ui/src/config/paths.ts'), 'utf8');
  const paths = new Map([...pathsSource.matchAll(/(\w+):\s*'([^']+)'/g)].map((m) => [m[1]!, m[2]!]));
  const screenOf = new Map(
    [...routesSource.matchAll(/const (\w+) = page\(\s*\(\) => import\('@prr\/ui\/screens\/([\w-]+)'\)/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
  const out: Array<{ route: string; screen: string }> = [];
  // `{ path: paths.home, element: <HomePage /> }` (React.lazy pages) or `{ path: paths.home, ...HomePage }`
  // (react-router's lazy route properties).
  for (const m of routesSource.matchAll(/path:\s*paths\.(\w+),\s*(?:element:\s*<(\w+)\s*\/>|\.\.\.(\w+))/g)) {
    const route = paths.get(m[1]!);
    const screen = screenOf.get(m[2] ?? m[3]!);
    if (route && screen) out.push({ route, screen });
  }
  return out;
}

export function analyseBuild(outDir: string, seconds: number, repoRoot = REPO_ROOT): BuildReport {
  const manifestFile = join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: the build ran without --manifest`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const gzipByFile: Record<string, number> = {};
  const staticDir = join(outDir, 'static');
  for (const name of readdirSync(staticDir).filter((f) => f.endsWith('.js'))) {
    gzipByFile[name] = gzipSync(readFileSync(join(staticDir, name))).length;
  }
  const gz = (file: string) => gzipByFile[file.replace(/^static\//, '')] ?? 0;

  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    if (chunk.file.endsWith('.js')) into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  // The client app's entry (the static pages' islands entry is measured per page below).
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('the Vite manifest has no entry chunk for index.html');
  const entryFiles = closure(entryKey);
  const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gz(f), 0);

  const routes: RouteChunk[] = [];
  for (const { route, screen } of routeScreens()) {
    const key = Object.keys(manifest).find((k) => new RegExp(`/screens/${screen}/index\\.tsx?$`).test(k));
    if (!key) continue;
    const files = closure(key, new Set(entryFiles));
    routes.push({
      route,
      screen,
      file: manifest[key]!.file,
      gzip: gz(manifest[key]!.file),
      initialGzip: sum(files),
      initialFiles: files.size,
    });
  }
  const pages = pageScripts(outDir, repoRoot);
  const home = pages.find((page) => page.page === '/');
  // The temporary build folder is not reported: reports are committed and name no machine path.
  return {
    seconds,
    entryGzip: sum(entryFiles),
    totalJsGzip: sum(Object.keys(gzipByFile).map((f) => `static/${f}`)),
    routes,
    entryComposition: composition(outDir, entryFiles, repoRoot),
    ...(home ? { homeComposition: composition(outDir, home.beforeInteraction, repoRoot) } : {}),
    pages: pages.map((page) => ({
      page: page.page,
      hydrate: page.hydrate,
      islands: page.islands.length,
      beforeGzip: sum(page.beforeInteraction),
      beforeFiles: page.beforeInteraction.length,
      afterGzip: sum(page.afterInteraction),
      packagesBefore: composition(outDir, page.beforeInteraction, repoRoot)
        .parts.filter((part) => part.kind === 'package')
        .map((part) => part.name),
    })),
    gzipByFile,
  };
}
