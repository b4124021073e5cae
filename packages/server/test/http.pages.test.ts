/**
 * The site's pages over real HTTP (docs/product/api.md#outside-api): each page answers its
 * prerendered file with PUBLIC_URL in place of the build's placeholder origin, any other path the
 * Page Not Found page with status 404, and robots.txt and sitemap.xml name PUBLIC_URL. The build
 * folder is a temporary one holding small stand-ins for the build's files.
 */
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_ORIGIN_PLACEHOLDER,
  findSitePage,
  notFoundPage,
  MEMBER_SESSION_COOKIE,
  prerenderedFile,
  shareImage,
  signedOutFile,
  sitePages,
  type SitePage,
} from '@prr/contract';
import { call, joinAndSignIn, startTestServer, type TestServer } from './helpers.js';

const PUBLIC_URL = 'https://peace.example.org';

/** A page as the build writes it: absolute links on the placeholder origin, and enough text to compress. */
function builtPage(page: SitePage, version = 1): string {
  const url = PUBLIC_ORIGIN_PLACEHOLDER + page.path;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${page.title}</title>`,
    `<link rel="canonical" href="${url}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:image" content="${PUBLIC_ORIGIN_PLACEHOLDER}${shareImage.path}">`,
    `</head><body><h1>${page.title}</h1><p>version ${version}</p>`,
    `<p>${page.description}</p>`.repeat(20),
    '</body></html>',
  ].join('\n');
}

/** What a visitor receives for that page on a server whose PUBLIC_URL is PUBLIC_URL. */
function servedPage(page: SitePage, version = 1): string {
  return builtPage(page, version).replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, PUBLIC_URL);
}

async function writeBuilt(dist: string, file: string, text: string): Promise<void> {
  await mkdir(dirname(join(dist, file)), { recursive: true });
  await writeFile(join(dist, file), text);
}

/** The signed-out variant of a 'frame' page, as the build writes it beside the member's frame. */
const SIGNED_OUT_MARK = '<div id="root" data-variant="signed-out"><h1>Access Your Dashboard</h1></div>';

/** A build folder with every page's file and 404.html, a hashed script, and a robots.txt of its own. */
async function prerenderedBuild(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'prr-pages-'));
  for (const page of [...sitePages, notFoundPage]) await writeBuilt(dist, prerenderedFile(page), builtPage(page));
  for (const page of sitePages) {
    const signedOut = signedOutFile(page);
    if (signedOut) await writeBuilt(dist, signedOut, builtPage(page).replace('</body>', `${SIGNED_OUT_MARK}</body>`));
  }
  await writeBuilt(dist, 'static/index-abc123.js', 'console.log("app")');
  // Source maps are built beside their chunk ('hidden'), with the compressed copies a build makes.
  for (const map of ['static/index-abc123.js.map', 'static/index-abc123.js.map.br', 'static/index-abc123.js.map.gz']) {
    await writeBuilt(dist, map, '{"version":3,"sources":["src/secret.ts"],"mappings":""}');
  }
  // A build's own robots.txt cannot know PUBLIC_URL: the server's answer wins.
  await writeBuilt(dist, 'robots.txt', 'User-agent: *\nDisallow: /\n');
  return dist;
}

/** A server on a build folder that `make` fills, for the tests of one describe block; both go afterwards. */
function serveBuild(make: () => Promise<string>): { dist: string; s: TestServer } {
  const running = {} as { dist: string; s: TestServer };
  beforeAll(async () => {
    running.dist = await make();
    running.s = await startTestServer({ config: { staticDir: running.dist, publicUrl: PUBLIC_URL } });
  });
  afterAll(async () => {
    await running.s.close();
    await rm(running.dist, { recursive: true, force: true });
  });
  return running;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, before any decoding (fetch would decode them). */
  body: Buffer;
}

function raw(baseUrl: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const page = (path: string): SitePage => {
  const found = findSitePage(path);
  if (!found) throw new Error(`${path} is not a page of the contract's table`);
  return found;
};

describe('a prerendered build', () => {
  const built = serveBuild(prerenderedBuild);

  // A signed-in member's: the member's frame of /dashboard (docs/decisions/033-one-request-dashboard.md).
  let member = '';
  beforeAll(async () => {
    ({ cookie: member } = await joinAndSignIn(built.s.baseUrl));
  });

  // /impact answers only while the evidence is published: http.impact.test.ts.
  it.each(sitePages.filter((p) => !('existsWhilePublished' in p)).map((p) => [p.path, p] as const))(
    '%s answers its own prerendered file with PUBLIC_URL in its links',
    async (path, p) => {
      const res = await call(built.s.baseUrl, 'GET', path, { cookie: member });
      expect(res.status).toBe(200);
      expect(res.text).toBe(servedPage(p));
      expect(res.text).not.toContain(PUBLIC_ORIGIN_PLACEHOLDER);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(res.headers.get('etag')).toMatch(/^W\/".+"$/);
    },
  );

  it("/dashboard answers the signed-out page (the e-mail form) without a live member session, and the member's frame with one", async () => {
    const dashboard = page('/dashboard');
    const signedOut = servedPage(dashboard).replace('</body>', `${SIGNED_OUT_MARK}</body>`);
    for (const cookie of [undefined, `${MEMBER_SESSION_COOKIE}=${'f'.repeat(43)}`]) {
      const res = await call(built.s.baseUrl, 'GET', '/dashboard', { cookie });
      expect(res.status).toBe(200);
      expect(res.text).toBe(signedOut);
      expect(res.headers.get('vary')).toMatch(/Cookie/);
    }
    const own = await call(built.s.baseUrl, 'GET', '/dashboard', { cookie: member });
    expect(own.text).toBe(servedPage(dashboard));
    expect(own.headers.get('vary')).toMatch(/Cookie/);
    // The other pages are the same for everyone.
    expect((await call(built.s.baseUrl, 'GET', '/about')).headers.get('vary')).not.toMatch(/Cookie/);
  });

  it('a trailing slash or the page file asked for by name moves permanently to the page, keeping the query', async () => {
    for (const [path, location] of [
      ['/about/', '/about'],
      ['/about//', '/about'],
      ['/about/index.html', '/about'],
      ['/index.html', '/'],
      ['/dashboard/?signin=abc', '/dashboard?signin=abc'],
    ]) {
      const res = await fetch(built.s.baseUrl + path, { redirect: 'manual' });
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe(location);
    }
    const followed = await call(built.s.baseUrl, 'GET', '/about/');
    expect(followed.status).toBe(200);
    expect(followed.text).toBe(servedPage(page('/about')));
  });

  it('any other path without an extension answers the Page Not Found page with status 404', async () => {
    for (const path of ['/no-such-page', '/about/more', '/Admin', '/static/', '/assets', '/404.html']) {
      const res = await call(built.s.baseUrl, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toBe(servedPage(notFoundPage));
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('a missing file with an extension is a plain 404, and an unknown /api path is still the JSON 404', async () => {
    const missing = await call(built.s.baseUrl, 'GET', '/static/index-old999.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<html');
    const script = await call(built.s.baseUrl, 'GET', '/static/index-abc123.js');
    expect(script.status).toBe(200);
    expect(script.text).toBe('console.log("app")');

    const api = await call<{ error: { code: string } }>(built.s.baseUrl, 'GET', '/api/no-such-route');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
    expect(api.body.error.code).toBe('not_found');
  });

  it('source maps are on disk but never served: a built .map answers the plain 404, however it is asked for', async () => {
    for (const path of [
      '/static/index-abc123.js.map',
      '/static/index-abc123.js.MAP',
      '/static/index-abc123.js.ma%70',
      '/static/index-abc123.js.map.br',
      '/static/index-abc123.js.map.gz',
    ]) {
      const res = await raw(built.s.baseUrl, path, { 'Accept-Encoding': 'br, gzip' });
      expect(res.status, path).toBe(404);
      expect(res.body.toString(), path).not.toContain('secret.ts');
    }
    expect(existsSync(join(built.dist, 'static/index-abc123.js.map'))).toBe(true);
  });

  it('HEAD answers the same status and headers without a body', async () => {
    const about = await raw(built.s.baseUrl, '/about', {}, 'HEAD');
    expect(about.status).toBe(200);
    expect(about.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(about.headers['content-length']).toBe(String(Buffer.byteLength(servedPage(page('/about')))));
    expect(about.body.length).toBe(0);
    const missing = await raw(built.s.baseUrl, '/no-such-page', {}, 'HEAD');
    expect(missing.status).toBe(404);
    expect(missing.body.length).toBe(0);
  });

  it('answers brotli or gzip as the client accepts, both decoding to the page itself', async () => {
    const expected = Buffer.from(servedPage(page('/method')));
    const plain = await raw(built.s.baseUrl, '/method');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(expected)).toBe(true);

    const br = await raw(built.s.baseUrl, '/method', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.body.length).toBeLessThan(expected.length);
    expect(brotliDecompressSync(br.body).equals(expected)).toBe(true);

    const gzip = await raw(built.s.baseUrl, '/method', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(expected)).toBe(true);

    // The 404 page is compressed the same way.
    const notFound = await raw(built.s.baseUrl, '/no-such-page', { 'Accept-Encoding': 'br' });
    expect(notFound.status).toBe(404);
    expect(brotliDecompressSync(notFound.body).toString()).toBe(servedPage(notFoundPage));
  });

  it('answers 304 to a browser that holds the current page (If-None-Match)', async () => {
    const first = await call(built.s.baseUrl, 'GET', '/levels');
    const etag = first.headers.get('etag') ?? '';
    const again = await raw(built.s.baseUrl, '/levels', { 'If-None-Match': etag, 'Accept-Encoding': 'br' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await call(built.s.baseUrl, 'GET', '/levels', { headers: { 'If-None-Match': 'W/"older"' } });
    expect(other.status).toBe(200);
    expect(other.text).toBe(servedPage(page('/levels')));
  });

  it('robots.txt lets crawlers read every page (noindex pages included) but not the API, and names the sitemap', async () => {
    const res = await call(built.s.baseUrl, 'GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe(`User-agent: *\nDisallow: /api/\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
  });

  it('sitemap.xml lists every indexed page by its absolute address, and nothing else', async () => {
    const res = await call(built.s.baseUrl, 'GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    // Written out by hand: a page added to the table, or one whose `indexed` changes, shows up here.
    const indexed = [
      '/',
      '/about',
      '/two-paths',
      '/method',
      '/symbols',
      '/music',
      '/lovestory',
      '/peacestory',
      '/levels',
      '/map',
      '/experiment',
    ];
    expect(res.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        indexed.map((path) => `  <url><loc>${PUBLIC_URL}${path}</loc></url>\n`).join('') +
        '</urlset>\n',
    );
    expect(res.text).not.toContain('/dashboard');
    expect(res.text).not.toContain('/admin');
  });
});

describe('a page rebuilt while the server runs', () => {
  const built = serveBuild(prerenderedBuild);

  it('is served fresh, in every encoding, once its file changes', async () => {
    const music = page('/music');
    const before = await call(built.s.baseUrl, 'GET', '/music');
    expect(before.text).toBe(servedPage(music, 1));

    const file = join(built.dist, prerenderedFile(music));
    await writeFile(file, builtPage(music, 2));
    // A later modification time than the first write, however coarse the file system's clock.
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);

    const after = await call(built.s.baseUrl, 'GET', '/music');
    expect(after.text).toBe(servedPage(music, 2));
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const br = await raw(built.s.baseUrl, '/music', { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(br.body).toString()).toBe(servedPage(music, 2));
    const gzip = await raw(built.s.baseUrl, '/music', { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(servedPage(music, 2));
  });
});

describe('a build made before pages were prerendered (index.html only)', () => {
  const index = `<!doctype html><link rel="canonical" href="${PUBLIC_ORIGIN_PLACEHOLDER}/"><div id="root"></div>`;
  const built = serveBuild(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'prr-pages-old-'));
    await writeBuilt(dist, 'index.html', index);
    return dist;
  });

  it('answers index.html for every page (200) and for unknown paths (404), and the browser renders the route', async () => {
    const expected = index.replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, PUBLIC_URL);
    for (const path of ['/', '/about', '/dashboard', '/admin/login']) {
      const res = await call(built.s.baseUrl, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toBe(expected);
    }
    const missing = await call(built.s.baseUrl, 'GET', '/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(expected);
  });
});

describe('without a build', () => {
  it('every page and unknown path explains how to build the site, and robots.txt still answers', async () => {
    const bare = await startTestServer({ config: { publicUrl: PUBLIC_URL } });
    try {
      for (const path of ['/', '/about', '/no-such-page']) {
        const res = await call(bare.baseUrl, 'GET', path);
        expect(res.status, path).toBe(200);
        expect(res.text, path).toContain('npm run build');
        expect(res.headers.get('cache-control'), path).toBe('no-store');
      }
      expect((await call(bare.baseUrl, 'GET', '/robots.txt')).text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    } finally {
      await bare.close();
    }
  });
});
