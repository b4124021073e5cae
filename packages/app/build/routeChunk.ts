/**
 * Which chunk of the build holds a client-app page's code, read from Vite's manifest: the route
 * table loads each page with `import('@prr/ui/screens/<folder>')` (packages/app/src/routes.tsx), so
 * the page's chunk is the entry's dynamic import of that folder's index. Read by the build (the
 * page's modulepreload links, prerender.ts) and by the bench's bundle table (bench/browser/pageScripts.ts).
 */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Where each build writes its manifest in the build folder (build/islandsBuild.ts). */
export const MANIFESTS = { app: '.vite/manifest.json', islands: '.vite/islands-manifest.json' } as const;

/** The manifest key of the page's chunk at `path` ('/404' for Page Not Found), or undefined. */
export function appRouteChunk(manifest: Manifest, entry: string, path: string): string | undefined {
  const screen = path === '/404' ? 'not-found' : path.split('/')[1];
  return manifest[entry]?.dynamicImports?.find((key) => key.includes(`/screens/${screen}/index.`));
}

/** A chunk's file and every file it imports statically, each once, in load order. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}
