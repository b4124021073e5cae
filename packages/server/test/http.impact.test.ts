/**
 * /impact over real HTTP (docs/product/insights.md): Page Not Found with status 404 and out of the
 * sitemap until the organiser publishes the evidence; then the build's page with each placeholder
 * holding the snapshot's text, revalidated on every visit, and listed in the sitemap; 404 again once
 * withdrawn. The build folder is a temporary one holding small stand-ins for the build's files.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PUBLIC_ORIGIN_PLACEHOLDER,
  findSitePage,
  notFoundPage,
  prerenderedFile,
  type ImpactSnapshot,
  type SitePage,
} from '@prr/contract';
import { HIDDEN_FIGURE_TEXT, IMPACT_PLACEHOLDERS, IMPACT_SLOTS } from '@prr/domain';
import { call, startTestServer, type TestServer } from './helpers.js';

const PUBLIC_URL = 'https://peace.example.org';

const impactPage = findSitePage('/impact');

/** A page as the build writes it: its head on the placeholder origin, then its body. */
function builtPage(page: SitePage, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${page.title}</title>`,
    `<link rel="canonical" href="${PUBLIC_ORIGIN_PLACEHOLDER}${page.path}">`,
    `</head><body>${body}</body></html>`,
  ].join('\n');
}

/** /impact as the build writes it: a placeholder in every slot (IMPACT_PLACEHOLDERS), the date twice as the page has it. */
const impactBody = [
  '<h1>The Evidence</h1>',
  ...IMPACT_SLOTS.map((slot) => `<p data-slot="${slot}">${IMPACT_PLACEHOLDERS[slot]}</p>`),
  `<p>The figures as they stood on ${IMPACT_PLACEHOLDERS.date}.</p>`,
].join('\n');

async function writeBuilt(dist: string, file: string, text: string): Promise<void> {
  await mkdir(dirname(join(dist, file)), { recursive: true });
  await writeFile(join(dist, file), text);
}

const published: ImpactSnapshot = {
  publishedAt: '2026-06-01T09:15:00.000Z',
  computedAt: '2026-06-01T09:10:00.000Z',
  evidence: {
    members: { hidden: false, members: 1240 },
    retention: [
      { day: 30, figure: { hidden: false, members: 412, share: 0.617 } },
      { day: 90, figure: { hidden: false, members: 215, share: 0.484 } },
    ],
    mood: { hidden: false, members: 180, from: 5.84, to: 7.12 },
    empathy: { hidden: false, members: 180, from: 6.1, to: 7.45 },
  },
};

/** The same movement a month on, with its empathy figure on too few members to show. */
const republished: ImpactSnapshot = {
  publishedAt: '2026-07-01T09:15:00.000Z',
  computedAt: '2026-07-01T09:10:00.000Z',
  evidence: {
    ...published.evidence,
    members: { hidden: false, members: 1502 },
    empathy: { hidden: true },
  },
};

let s: TestServer;
let dist: string;

beforeAll(async () => {
  if (!impactPage) throw new Error("/impact is not a page of the contract's table");
  dist = await mkdtemp(join(tmpdir(), 'prr-impact-'));
  await writeBuilt(dist, prerenderedFile(impactPage), builtPage(impactPage, impactBody));
  await writeBuilt(dist, prerenderedFile(notFoundPage), builtPage(notFoundPage, '<h1>Page Not Found</h1>'));
  s = await startTestServer({ config: { staticDir: dist, publicUrl: PUBLIC_URL } });
});

afterAll(async () => {
  await s.close();
  await rm(dist, { recursive: true, force: true });
});

const publish = (snapshot: ImpactSnapshot | undefined) => s.store.write((tx) => tx.replaceImpactSnapshot(snapshot));

/**
 * The answer's status, one header and its bytes as sent: fetch would decode them, and would ask
 * caches not to answer from a stored copy (so never a 304) when given If-None-Match.
 */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; etag?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, s.baseUrl), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const sitemap = async () => (await call(s.baseUrl, 'GET', '/sitemap.xml')).text;

const notFound = builtPage(notFoundPage, '<h1>Page Not Found</h1>').replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, PUBLIC_URL);

describe('/impact', () => {
  beforeEach(() => publish(undefined));

  it('is Page Not Found with status 404, and not in the sitemap, while nothing is published', async () => {
    const res = await call(s.baseUrl, 'GET', '/impact');
    expect(res.status).toBe(404);
    expect(res.text).toBe(notFound);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await sitemap()).not.toContain('/impact');
    // The sitemap still lists the other indexed pages.
    expect(await sitemap()).toContain(`<loc>${PUBLIC_URL}/about</loc>`);
  });

  it("once published, is the build's page with every figure's text in its slot, and is in the sitemap", async () => {
    await publish(published);
    const res = await call(s.baseUrl, 'GET', '/impact');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // It changes whenever the organiser publishes or withdraws: asked again on every visit.
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const slot = (name: string) => new RegExp(`<p data-slot="${name}">([^<]*)</p>`).exec(res.text)?.[1];
    expect(Object.fromEntries(IMPACT_SLOTS.map((name) => [name, slot(name)]))).toEqual({
      date: 'June 1, 2026',
      members: '1,240',
      retentionDay30: '62%',
      retentionDay30Members: 'of 412 members who reached day 30',
      retentionDay90: '48%',
      retentionDay90Members: 'of 215 members who reached day 90',
      moodFrom: '5.8',
      moodTo: '7.1',
      moodMembers: '180 members who reflected in both weeks',
      empathyFrom: '6.1',
      empathyTo: '7.5',
      empathyMembers: '180 members who reflected in both weeks',
    });
    expect(res.text).toContain('The figures as they stood on June 1, 2026.');
    expect(res.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/impact">`);
    expect(res.text).not.toContain('[[impact:');
    expect(res.text).not.toContain(PUBLIC_ORIGIN_PLACEHOLDER);
    expect(await sitemap()).toContain(`  <url><loc>${PUBLIC_URL}/impact</loc></url>\n`);

    // Compressed, it is the same page.
    const br = await raw('/impact', { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(br.body).toString()).toBe(res.text);
  });

  it('shows a new snapshot at once, to a browser holding the last one too', async () => {
    await publish(published);
    const first = await call(s.baseUrl, 'GET', '/impact');
    const etag = first.headers.get('etag') ?? '';
    expect((await raw('/impact', { 'If-None-Match': etag })).status).toBe(304);

    await publish(republished);
    const again = await raw('/impact', { 'If-None-Match': etag });
    expect(again.status).toBe(200);
    expect(again.etag).not.toBe(etag);
    const html = again.body.toString();
    expect(html).toContain('<p data-slot="date">July 1, 2026</p>');
    expect(html).toContain('<p data-slot="members">1,502</p>');
    // A hidden figure says 'fewer than 10' and nothing else.
    expect(html).toContain(`<p data-slot="empathyFrom">${HIDDEN_FIGURE_TEXT}</p>`);
    for (const name of ['empathyTo', 'empathyMembers']) expect(html).toContain(`<p data-slot="${name}"></p>`);
  });

  it('is Page Not Found again, and out of the sitemap, once withdrawn', async () => {
    await publish(published);
    expect((await call(s.baseUrl, 'GET', '/impact')).status).toBe(200);
    await publish(undefined);
    const res = await call(s.baseUrl, 'GET', '/impact');
    expect(res.status).toBe(404);
    expect(res.text).toBe(notFound);
    expect(await sitemap()).not.toContain('/impact');
  });
});
