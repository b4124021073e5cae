/**
 * What a set of built chunks is made of: gzipped bytes per npm package and per workspace of the
 * site's own code, largest first, read from the build's source maps (the site's Vite config has
 * `sourcemap: 'hidden'`: written to disk, named by no chunk, never served). @jridgewell/trace-mapping decodes the maps; each byte of a chunk belongs to
 * the source of the mapping segment it follows, as source-map-explorer counts it. How the gzip
 * size is shared out, and why not source-map-explorer itself: docs/decisions/021-first-visit-javascript.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { decodedMappings, TraceMap } from '@jridgewell/trace-mapping';

export type PartKind = 'package' | 'site' | 'other';

export interface CompositionPart {
  /** An npm package ('react-dom', '@radix-ui/react-menu'), a workspace ('@prr/ui'), or the rest. */
  name: string;
  kind: PartKind;
  /** Its share of the chunks' gzipped bytes; the shares add up to the chunks' gzip sizes. */
  gzip: number;
  /** Its minified bytes. */
  raw: number;
  /** Its source files that contributed bytes. */
  modules: number;
}

export interface SiteModule {
  /** Path from the repository root, e.g. 'packages/ui/src/layout/Navbar/Navbar.tsx'. */
  path: string;
  raw: number;
}

export interface Composition {
  /** The chunks measured, as the manifest names them ('static/index-abc.js'). */
  files: string[];
  /** Sum of each chunk's own gzip size. */
  gzip: number;
  raw: number;
  /** Largest gzip share first. */
  parts: CompositionPart[];
  /** The site's own source files by minified bytes, largest first. */
  siteModules: SiteModule[];
}

const UNMAPPED = { name: '(bundler runtime, unmapped)', kind: 'other' } as const;

/** What a source file counts as: its npm package, the workspace of ours it belongs to, or neither. */
export function partOf(sourcePath: string, repoRoot: string): { name: string; kind: PartKind } {
  const path = sourcePath.split(sep).join('/');
  const inModules = path.lastIndexOf('/node_modules/');
  if (inModules !== -1) {
    const [first = '', second = ''] = path.slice(inModules + '/node_modules/'.length).split('/');
    return { name: first.startsWith('@') ? `${first}/${second}` : first, kind: 'package' };
  }
  const fromRoot = relative(repoRoot, sourcePath).split(sep).join('/');
  const workspace = /^packages\/([^/]+)\//.exec(fromRoot)?.[1] ?? /^(mocks)\//.exec(fromRoot)?.[1];
  // The bundler's own helpers (module preload, its runtime) have virtual paths or none.
  return workspace ? { name: `@prr/${workspace}`, kind: 'site' } : UNMAPPED;
}

/** One part's bytes in one chunk, in their order. */
interface ChunkPart {
  kind: PartKind;
  text: string[];
  raw: number;
  sources: Set<string>;
}

/** Which part each byte of a chunk came from: the source of the mapping segment it follows. */
function splitChunk(code: string, mapFile: string, repoRoot: string, siteBytes: Map<string, number>) {
  const map = new TraceMap(readFileSync(mapFile, 'utf8'));
  const sourcePaths = map.sources.map((s) => (s === null ? '' : resolve(dirname(mapFile), map.sourceRoot ?? '', s)));
  const partOfSource = sourcePaths.map((p) => (p ? partOf(p, repoRoot) : UNMAPPED));

  const parts = new Map<string, ChunkPart>();
  const add = (text: string, sourceIndex?: number) => {
    if (text.length === 0) return;
    const part = sourceIndex === undefined ? UNMAPPED : partOfSource[sourceIndex]!;
    let chunkPart = parts.get(part.name);
    if (!chunkPart) parts.set(part.name, (chunkPart = { kind: part.kind, text: [], raw: 0, sources: new Set() }));
    const bytes = Buffer.byteLength(text);
    chunkPart.text.push(text);
    chunkPart.raw += bytes;
    if (sourceIndex === undefined) return;
    const source = sourcePaths[sourceIndex]!;
    chunkPart.sources.add(source);
    if (part.kind === 'site') {
      const path = relative(repoRoot, source).split(sep).join('/');
      siteBytes.set(path, (siteBytes.get(path) ?? 0) + bytes);
    }
  };

  // A segment's bytes run to the next segment, across line ends: the lines of a multi-line
  // template literal (styled-components' CSS) carry no segment of their own.
  let current: number | undefined;
  const lines = code.split('\n');
  const mappings = decodedMappings(map);
  lines.forEach((line, index) => {
    const segments = mappings[index] ?? [];
    add(line.slice(0, segments[0]?.[0] ?? line.length), current);
    segments.forEach((segment, i) => {
      current = segment.length === 1 ? undefined : segment[1];
      add(line.slice(segment[0], segments[i + 1]?.[0] ?? line.length), current);
    });
    if (index < lines.length - 1) add('\n', current);
  });
  return parts;
}

/** The composition of the given chunks of the build in outDir (paths as the manifest gives them). */
export function composition(outDir: string, files: Iterable<string>, repoRoot: string): Composition {
  const totals = new Map<string, Omit<CompositionPart, 'name' | 'modules'> & { sources: Set<string> }>();
  const siteBytes = new Map<string, number>();
  const measured = [...files].filter((f) => f.endsWith('.js'));
  let gzip = 0;
  let raw = 0;
  for (const file of measured) {
    const codeFile = join(outDir, file);
    const mapFile = `${codeFile}.map`;
    const code = readFileSync(codeFile, 'utf8');
    // The bundler's own runtime chunk (rolldown-runtime-*.js) comes with no map: all of it is the bundler's.
    const runtimeOnly = !existsSync(mapFile) && /(^|\/)rolldown-runtime-[^/]+\.js$/.test(file);
    if (!existsSync(mapFile) && !runtimeOnly)
      throw new Error(`${file}.map is missing: the build ran without source maps`);
    const parts = runtimeOnly
      ? new Map([
          [
            UNMAPPED.name,
            { kind: UNMAPPED.kind, text: [code], raw: Buffer.byteLength(code), sources: new Set<string>() },
          ],
        ])
      : splitChunk(code, mapFile, repoRoot, siteBytes);
    // The chunk's real gzip size shared out: each part gzipped on its own (a package mostly
    // compresses against itself), then scaled so that the shares add up to the chunk's size.
    const chunkGzip = gzipSync(code).length;
    const alone = new Map([...parts].map(([name, part]) => [name, gzipSync(part.text.join('')).length]));
    const aloneSum = [...alone.values()].reduce((a, b) => a + b, 0);
    for (const [name, part] of parts) {
      let total = totals.get(name);
      if (!total) totals.set(name, (total = { kind: part.kind, gzip: 0, raw: 0, sources: new Set() }));
      total.gzip += aloneSum > 0 ? (chunkGzip * alone.get(name)!) / aloneSum : 0;
      total.raw += part.raw;
      part.sources.forEach((s) => total.sources.add(s));
    }
    gzip += chunkGzip;
    raw += Buffer.byteLength(code);
  }
  const parts = [...totals].map(([name, t]) => ({
    name,
    kind: t.kind,
    gzip: Math.round(t.gzip),
    raw: t.raw,
    modules: t.sources.size,
  }));
  return {
    files: measured,
    gzip,
    raw,
    parts: parts.sort((a, b) => b.gzip - a.gzip || a.name.localeCompare(b.name)),
    siteModules: [...siteBytes]
      .map(([path, bytes]) => ({ path, raw: bytes }))
      .sort((a, b) => b.raw - a.raw || a.path.localeCompare(b.path)),
  };
}
