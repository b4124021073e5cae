/**
 * Keeps the written docs true to the repository (docs/README.md, "How to read them"): every
 * decision record is in the index, every repository path a doc names exists, and no doc cites an
 * issue number (a doc says the rule itself instead of pointing at a thread).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The docs this test reads, relative to the repository root. */
const DOCS = [
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file)),
  'README.md',
  'bench/RESULTS.md',
  'packages/server/README.md',
].sort();

const read = (doc: string) => readFileSync(join(ROOT, doc), 'utf8');

/** Folders the root .gitignore names: what the site, the tests and the bench write at run time. */
const GENERATED = read('.gitignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => /^[\w.-]+\/$/.test(line))
  .map((line) => line.slice(0, -1));

/** Fenced code blocks hold commands and sample output, not references: they are left out. */
const withoutFences = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');

/** Backticked spans and link targets: where a doc names a file. */
function namedPaths(text: string): string[] {
  const prose = withoutFences(text);
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
  const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
  return [...spans, ...links];
}

/** A bare file name (no folder) is checked when it names source: downloads and served files are not in the tree. */
const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|sql)$/i;

/** What a doc may name as a file under a folder: source, config, data, documents, assets. */
const FILE_EXTENSIONS =
  /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|json|md|mdx|css|html|sql|sh|yml|yaml|txt|eml|png|jpe?g|svg|webp|ico|mp3|woff2?|pdf|csv|xml|tsbuildinfo)$/i;

/**
 * The repository path a span or link names, or undefined when it is something else: a URL, a
 * command, a glob, a template with <placeholders>, an absolute path of the machine, a route, code.
 * A path has a `/` and a known file extension or a trailing `/`, or is a bare source file name.
 */
function asRepoPath(candidate: string): string | undefined {
  const path = candidate.replace(/#.*$/, '').replace(/:\d+(:\d+)?$/, '');
  if (/^[a-z][\w+.-]*:/i.test(path) || path.startsWith('/') || path.startsWith('~')) return undefined;
  if (/[\s*?{}<>\u2026$=,()[\]'"|]/.test(path) || path.includes('...') || path.startsWith('@')) return undefined;
  const file = path.includes('/')
    ? /[\w-]\.\w+$/.test(path) && FILE_EXTENSIONS.test(path)
    : /^[\w-]+\./.test(path) && SOURCE_EXTENSIONS.test(path);
  const folder = path.length > 1 && path.endsWith('/');
  if (!file && !folder) return undefined;
  if (path.split('/').includes('node_modules')) return undefined;
  return path;
}

/** Every file and folder of the repository, as `/`-prefixed paths, without dependencies and build output. */
function listRepository(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === '.git' || GENERATED.includes(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      found.push(`/${path}${entry.isDirectory() ? '/' : ''}`);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk('');
  return found;
}

const REPOSITORY = listRepository();
const TOP_LEVEL = new Set(readdirSync(ROOT));

/**
 * A path counts as existing when it resolves from the doc's folder or from the root. A path that
 * starts at a top-level folder (or with ./ or ../) must resolve so; a shorter one, named in the
 * context of a package ("`store/lowdb/`" under packages/server), must be the end of some path.
 */
function exists(doc: string, path: string): boolean {
  const fromDoc = normalize(join(dirname(doc), path));
  const fromRoot = normalize(path);
  if ([fromDoc, fromRoot].some((p) => !p.startsWith('..') && existsSync(join(ROOT, p)))) return true;
  if (path.startsWith('./') || path.startsWith('../')) return false;
  if (TOP_LEVEL.has(path.split('/')[0] ?? '')) return false;
  const tail = `/${path.replace(/^\.\//, '')}`;
  return REPOSITORY.some((entry) => entry.endsWith(tail));
}

/**
 * Output a run writes, named by a doc but never committed: under a folder the root .gitignore
 * names, or in a folder whose own .gitignore ignores everything but a few files (bench/results/).
 */
function generated(path: string): boolean {
  const segments = normalize(path).split('/');
  if (segments.some((segment) => GENERATED.includes(segment))) return true;
  const folder = segments.slice(0, -1).join('/');
  const ignoreFile = join(ROOT, folder, '.gitignore');
  if (!folder || !existsSync(ignoreFile)) return false;
  const rules = readFileSync(ignoreFile, 'utf8').split('\n');
  return rules.includes('*') && !rules.includes(`!${segments.at(-1)}`);
}

/** A hash and number, the word issue and a number, or an issues/ path. A `#1` in a code span is a visible text (the map's ranks), not a citation. */
function issueCitations(text: string): string[] {
  const prose = withoutFences(text);
  const outsideCode = prose.replace(/`[^`\n]*`/g, '');
  return [
    ...[...outsideCode.matchAll(/(?<![\w&/])#\d+\b/g)].map((m) => m[0]),
    ...[...prose.matchAll(/\bissues?\s+\d+\b/gi)].map((m) => m[0]),
    ...[...prose.matchAll(/\bissues\/\d+\b/gi)].map((m) => m[0]),
  ];
}

describe('docs', () => {
  it('lists every decision record in the index of docs/README.md', () => {
    const index = read('docs/README.md');
    const records = readdirSync(join(ROOT, 'docs/decisions')).filter((f) => /^\d{3}-.*\.md$/.test(f));
    expect(records.length).toBeGreaterThan(0);
    expect(records.filter((record) => !index.includes(`(decisions/${record})`))).toEqual([]);
  });

  it.each(DOCS)('%s names only paths that exist', (doc) => {
    const missing = namedPaths(read(doc))
      .map(asRepoPath)
      .filter((path): path is string => path !== undefined)
      .filter((path) => !generated(path) && !exists(doc, path));
    expect([...new Set(missing)]).toEqual([]);
  });

  it.each(DOCS)('%s cites no issue number', (doc) => {
    expect(issueCitations(read(doc))).toEqual([]);
  });

  it('tells repository paths from URLs, commands, globs, placeholders and routes', () => {
    expect(asRepoPath('packages/contract/src/schemas.ts')).toBe('packages/contract/src/schemas.ts');
    expect(asRepoPath('product/rules.md#current-day')).toBe('product/rules.md');
    expect(asRepoPath('packages/server/migrations/')).toBe('packages/server/migrations/');
    expect(asRepoPath('router.tsx')).toBe('router.tsx');
    for (const other of [
      'https://example.org/a.js',
      'npm run bench -- --only browser',
      'visual-baselines/*.png',
      'visual-baselines/<story-id>--<viewport>.png',
      '/api/map/states',
      '/usr/bin/chromium',
      'react-dom/client',
      'node_modules/vite/dist/index.js',
      'JSON.stringify',
      'store.file.commit()',
      '.eml',
      '.styles.ts',
    ]) {
      expect(asRepoPath(other)).toBeUndefined();
    }
  });

  it('finds issue citations and leaves visible texts in code spans alone', () => {
    // Built from parts, so this file does not itself cite an issue.
    const cite = ['issue', '12'].join(' ');
    const path = ['issues', '56'].join('/');
    expect(issueCitations(`As ${cite} asks, see #34 and ${path}.`)).toEqual(['#34', cite, path]);
    expect(issueCitations('ranked `#1` to `#5`, colour `#1a1a1a`, [link](rules.md#current-day)')).toEqual([]);
  });
});
