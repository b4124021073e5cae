/**
 * The build's HTML pages as the server sends them: the build spells absolute links with
 * PUBLIC_ORIGIN_PLACEHOLDER (packages/contract/src/sitePages.ts), so each file is read, given this
 * server's PUBLIC_URL, and compressed once, in memory, then reused until the file changes (a rebuild
 * while the server runs) or PUBLIC_URL does. A page whose texts the build could not know (/impact,
 * docs/product/insights.md) holds a placeholder in each, filled the same way from `slots`, and is
 * prepared again when they change. The build's own .br/.gz of a page hold the placeholders, so they
 * are never sent.
 */
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PUBLIC_ORIGIN_PLACEHOLDER } from '@prr/contract';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One page, ready in every encoding a client may ask for. */
export interface PreparedHtml {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Weak: the three encodings are the same page. */
  etag: string;
}

/** Placeholder -> the HTML that takes its place (already escaped). */
export type HtmlSlots = Readonly<Record<string, string>>;

interface Entry {
  mtimeMs: number;
  size: number;
  /** PUBLIC_URL and the slots it was prepared with. */
  filledWith: string;
  prepared: Promise<PreparedHtml | undefined>;
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** The page with `publicUrl` and `slots` in place of the placeholders, compressed in the worker pool (not on the event loop). */
async function prepareHtml(text: string, publicUrl: string, slots: HtmlSlots): Promise<PreparedHtml> {
  let html = text.replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, publicUrl);
  // A function, so a `$` in a text is never read as a replacement pattern.
  for (const [placeholder, value] of Object.entries(slots)) html = html.replaceAll(placeholder, () => value);
  const identity = Buffer.from(html, 'utf8');
  const [br, gzipped] = await Promise.all([
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { identity, br, gzip: gzipped, etag: `W/"${hash}"` };
}

async function statOf(file: string): Promise<Stats | undefined> {
  try {
    return await stat(file);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The file prepared for `publicUrl` and `slots`, or undefined when it is gone (removed since the stat: a rebuild under way). */
async function readAndPrepare(file: string, publicUrl: string, slots: HtmlSlots): Promise<PreparedHtml | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  return prepareHtml(text, publicUrl, slots);
}

/**
 * Prepared pages by file. Only the build's page files are asked for (one per page of the contract's
 * table), so the cache stays as small as the site.
 */
export class HtmlCache {
  private readonly entries = new Map<string, Entry>();

  /** The file, prepared for `publicUrl` and `slots`; undefined when there is no such file. */
  async get(file: string, publicUrl: string, slots: HtmlSlots = {}): Promise<PreparedHtml | undefined> {
    const stats = await statOf(file);
    if (!stats?.isFile()) {
      this.entries.delete(file);
      return undefined;
    }
    const filledWith = JSON.stringify([publicUrl, slots]);
    const cached = this.entries.get(file);
    const current = cached?.mtimeMs === stats.mtimeMs && cached.size === stats.size && cached.filledWith === filledWith;
    if (cached && current) return cached.prepared;

    // Stored before it settles, so concurrent requests for a changed file prepare it once; a failure
    // is not kept, so the next request tries again.
    const entry: Entry = {
      mtimeMs: stats.mtimeMs,
      size: stats.size,
      filledWith,
      prepared: readAndPrepare(file, publicUrl, slots),
    };
    this.entries.set(file, entry);
    const forget = () => {
      if (this.entries.get(file) === entry) this.entries.delete(file);
    };
    void entry.prepared.then((prepared) => {
      if (!prepared) forget();
    }, forget);
    return entry.prepared;
  }
}
