/** Cross-cutting safety over real HTTP: headers, CSRF origin check, body limits, unknown paths, 500s, the SPA (lowdb's 503: smoke.lowdb.test.ts). */
import { gzipSync } from 'node:zlib';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@prr/contract';
import { FakeClock } from '../src/clock.js';
import type { Logger } from '../src/log.js';
import { JOIN, START, call, startTestServer, type TestServer } from './helpers.js';

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

describe('headers, origin, bodies and unknown paths', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s.close();
  });

  it('sets security headers on API answers, errors and pages', async () => {
    for (const path of [api.testimonials.path, '/api/nope', '/']) {
      const res = await call(s.baseUrl, 'GET', path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-powered-by')).toBeNull();
      // Powerful features the site does not use are off; passkeys, fullscreen and sharing stay for this origin.
      const policy = res.headers.get('permissions-policy') ?? '';
      for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
        expect(policy, path).toContain(denied);
      }
      for (const kept of [
        'publickey-credentials-get=(self)',
        'publickey-credentials-create=(self)',
        'fullscreen=(self)',
      ]) {
        expect(policy, path).toContain(kept);
      }
    }
    expect((await call(s.baseUrl, 'GET', api.testimonials.path)).headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a state-changing request from a foreign Origin with 403; same origin and no Origin pass', async () => {
    const foreign = await call<ErrorAnswer>(s.baseUrl, 'POST', api.joinMovement.path, {
      body: JOIN,
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('forbidden');
    expect(await s.store.memberCount()).toBe(0);
    const nullOrigin = await call(s.baseUrl, 'POST', api.adminLogin.path, {
      body: { email: 'a@example.org', password: 'secret1' },
      headers: { Origin: 'null' },
    });
    expect(nullOrigin.status).toBe(403);

    const same = await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN, headers: { Origin: s.baseUrl } });
    expect(same.status).toBe(200);
    expect((await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN })).status).toBe(200);
    // Reads are not state-changing: a foreign Origin may GET.
    expect(
      (await call(s.baseUrl, 'GET', api.movementStats.path, { headers: { Origin: 'https://evil.example' } })).status,
    ).toBe(200);
  });

  it("compares the whole origin with PUBLIC_URL's and ALLOWED_ORIGINS: another scheme, port or host is foreign; so is a foreign Referer", async () => {
    const site = await startTestServer({
      config: { production: true, publicUrl: 'http://peace.test:8080', allowedOrigins: ['https://www.peace.test'] },
    });
    try {
      const post = (headers: Record<string, string>) =>
        call(site.baseUrl, 'POST', api.joinMovement.path, { body: JOIN, headers });
      for (const origin of [
        'https://peace.test:8080', // https on an http site
        'http://peace.test', // another port
        'http://peace.test:8081',
        'http://evil.peace.test:8080',
        'http://www.peace.test', // the allowed origin's host, with the wrong scheme
        'https://www.peace.test:444',
      ]) {
        expect((await post({ Origin: origin })).status, origin).toBe(403);
      }
      expect((await post({ Referer: 'https://peace.test:8080/experiment' })).status).toBe(403);
      expect((await post({ Referer: 'not a url' })).status).toBe(403);
      expect(await site.store.memberCount()).toBe(0);

      expect((await post({ Origin: 'http://peace.test:8080' })).status).toBe(200);
      expect((await post({ Origin: 'HTTP://PEACE.TEST:8080' })).status).toBe(200);
      expect((await post({ Origin: 'https://www.peace.test' })).status).toBe(200);
      expect((await post({ Origin: 'https://www.peace.test:443' })).status).toBe(200);
      expect((await post({ Referer: 'http://peace.test:8080/experiment?invite=abc' })).status).toBe(200);
    } finally {
      await site.close();
    }
  });

  it('outside production a localhost page on another port (the Vite dev server) may POST; in production it may not', async () => {
    const dev = await call(s.baseUrl, 'POST', api.joinMovement.path, {
      body: JOIN,
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(dev.status).toBe(200);
    const prod = await startTestServer({ config: { production: true } });
    try {
      const res = await call(prod.baseUrl, 'POST', api.joinMovement.path, {
        body: JOIN,
        headers: { Origin: 'http://localhost:5173' },
      });
      expect(res.status).toBe(403);
      const allowed = await startTestServer({
        config: { production: true, allowedOrigins: ['https://www.example.org'] },
      });
      try {
        const ok = await call(allowed.baseUrl, 'POST', api.joinMovement.path, {
          body: JOIN,
          headers: { Origin: 'https://www.example.org' },
        });
        expect(ok.status).toBe(200);
      } finally {
        await allowed.close();
      }
    } finally {
      await prod.close();
    }
  });

  it('413 payload_too_large over the JSON limit', async () => {
    const res = await call<ErrorAnswer>(s.baseUrl, 'POST', api.joinMovement.path, {
      body: { ...JOIN, name: 'x'.repeat(100_000) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('400 bad_request for malformed JSON, 415 for a body that is not JSON', async () => {
    const malformed = await call<ErrorAnswer>(s.baseUrl, 'POST', api.joinMovement.path, { raw: '{"name": "Ann",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual({ code: 'bad_request', message: 'The request body is not valid JSON' });
    const form = await call<ErrorAnswer>(s.baseUrl, 'POST', api.joinMovement.path, {
      raw: 'name=Ann&email=a%40example.org&zipCode=10001',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe('unsupported_media_type');
  });

  it('unknown /api paths answer 404 JSON; a known path with the wrong method 405 with Allow', async () => {
    for (const path of ['/api/nope', '/api', '/api/admin/secret', '/api/products/featured/extra']) {
      const res = await call<ErrorAnswer>(s.baseUrl, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body.error.code).toBe('not_found');
    }
    const wrong = await call<ErrorAnswer>(s.baseUrl, 'DELETE', api.reflections.path);
    expect(wrong.status).toBe(405);
    expect(wrong.body.error.code).toBe('method_not_allowed');
    expect(wrong.headers.get('allow')).toContain('GET');
    const put = await call<ErrorAnswer>(s.baseUrl, 'PUT', api.joinMovement.path, { body: JOIN });
    expect(put.status).toBe(405);
  });

  it('keeps a well-formed incoming X-Request-Id and replaces a malformed one', async () => {
    const kept = await call(s.baseUrl, 'GET', api.testimonials.path, { headers: { 'X-Request-Id': 'proxy-id-12345' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-id-12345');
    const replaced = await call(s.baseUrl, 'GET', api.testimonials.path, {
      headers: { 'X-Request-Id': 'bad id <script>' },
    });
    expect(replaced.headers.get('x-request-id')).not.toContain('script');
  });
});

describe('faults', () => {
  it('a real fault is a 500 with a generic message, logged with the request id and stack, never sent', async () => {
    const logged: Array<{ msg: string; fields: Record<string, unknown> | undefined }> = [];
    const logger: Logger = {
      debug: () => {},
      info: () => {},
      warn: () => {},
      error: (msg, fields) => logged.push({ msg, fields }),
    };
    const clock = new FakeClock(START);
    let broken = false;
    const faulty = Object.assign(Object.create(clock) as FakeClock, {
      now: () => {
        if (broken) throw new TypeError('clock exploded at secret/path.ts:42');
        return clock.now();
      },
    });
    const s = await startTestServer({ clock: faulty, logger });
    try {
      broken = true;
      const res = await call<ErrorAnswer>(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('internal');
      expect(res.text).not.toContain('exploded');
      expect(res.text).not.toContain('.ts');
      const requestId = res.headers.get('x-request-id');
      expect(logged).toHaveLength(1);
      expect(logged[0]?.fields).toMatchObject({ requestId, error: 'clock exploded at secret/path.ts:42' });
      expect(String(logged[0]?.fields?.stack)).toContain('TypeError');
    } finally {
      await s.close();
    }
  });

  // A failed disk write on lowdb: test/smoke.lowdb.test.ts; PostgreSQL's outage: test/proof/faults.postgres.test.ts.

  it('calls the memberJoined hook once per new member, after the answer is durable', async () => {
    const joined: string[] = [];
    const s = await startTestServer({ hooks: { memberJoined: (m) => void joined.push(m.email) } });
    try {
      await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN });
      await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN });
      // No wait: the hook is queued (http/hooks.ts) before the route returns, so it has run when the answer arrives.
      expect(joined).toEqual([JOIN.email]);
    } finally {
      await s.close();
    }
  });
});

/** 1,000 bytes whose offsets can be read back: byte i is the digit i mod 10. */
const SONG = Array.from({ length: 1000 }, (_, i) => String(i % 10)).join('');

describe('serving the site', () => {
  let dist: string;
  let s: TestServer;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'prr-dist-'));
    await mkdir(join(dist, 'static'));
    await mkdir(join(dist, 'assets', 'downloads'), { recursive: true });
    await mkdir(join(dist, 'assets', 'music'));
    await writeFile(join(dist, 'assets', 'music', 'song.wav'), SONG);
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>PRR</title><div id="root"></div>');
    await writeFile(join(dist, 'static', 'index-abc123.js'), 'console.log("app")');
    await writeFile(join(dist, 'static', 'index-abc123.js.gz'), gzipSync('console.log("app")'));
    await writeFile(
      join(dist, 'assets', 'downloads', 'two-paths-diagram.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    s = await startTestServer({ config: { staticDir: dist } });
  });
  afterAll(async () => {
    await s.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves hashed assets with a long immutable cache and index.html for client routes (404 for unknown ones)', async () => {
    const asset = await call(s.baseUrl, 'GET', '/static/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('max-age=31536000,immutable');
    expect(asset.headers.get('vary')).toMatch(/Accept-Encoding/);
    // The build's precompressed file is what goes over the wire (fetch decompresses it again).
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.text).toBe('console.log("app")');
    // Shipped media keep their names, so they are only cached briefly.
    const media = await call(s.baseUrl, 'GET', '/assets/downloads/two-paths-diagram.svg');
    expect(media.headers.get('cache-control')).toBe('max-age=3600');
    // This build has index.html only: it answers every page, and unknown paths with status 404
    // (test/http.pages.test.ts covers prerendered builds).
    for (const [path, status] of [
      ['/', 200],
      ['/dashboard', 200],
      ['/admin/login', 200],
      ['/no/such/page', 404],
    ] as const) {
      const page = await call(s.baseUrl, 'GET', path);
      expect(page.status, path).toBe(status);
      expect(page.text).toContain('<div id="root">');
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers byte ranges of media with 206 (Safari plays audio only so), and 416 past the end', async () => {
    const path = '/assets/music/song.wav';
    const whole = await call(s.baseUrl, 'GET', path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.text).toBe(SONG);

    const first = await call(s.baseUrl, 'GET', path, { headers: { Range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('bytes 0-99/1000');
    expect(first.headers.get('content-length')).toBe('100');
    expect(first.headers.get('content-type')).toMatch(/audio\/(x-)?wav/);
    expect(first.text).toBe(SONG.slice(0, 100));

    const middle = await call(s.baseUrl, 'GET', path, { headers: { Range: 'bytes=503-' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 503-999/1000');
    expect(middle.text).toBe(SONG.slice(503));

    const tail = await call(s.baseUrl, 'GET', path, { headers: { Range: 'bytes=-7' } });
    expect(tail.headers.get('content-range')).toBe('bytes 993-999/1000');
    expect(tail.text).toBe('3456789');

    const past = await call(s.baseUrl, 'GET', path, { headers: { Range: 'bytes=1000-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');

    // If-Range names the version the client holds: an older one gets the whole current file.
    const stale = await call(s.baseUrl, 'GET', path, {
      headers: { Range: 'bytes=0-99', 'If-Range': 'Thu, 01 Jan 1970 00:00:00 GMT' },
    });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(SONG);
    const current = await call(s.baseUrl, 'GET', path, {
      headers: { Range: 'bytes=0-99', 'If-Range': whole.headers.get('last-modified') ?? '' },
    });
    expect(current.status).toBe(206);
  });

  it("sends a precompressed file whole even when a range is asked: its bytes are not the file's", async () => {
    // fetch asks for identity when a Range is set (Fetch standard), so the encoding is asked for explicitly.
    const asset = await call(s.baseUrl, 'GET', '/static/index-abc123.js', {
      headers: { Range: 'bytes=0-3', 'Accept-Encoding': 'gzip' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('accept-ranges')).toBeNull();
    expect(asset.text).toBe('console.log("app")');
  });

  it('serves the two-paths diagram as a download', async () => {
    const diagram = await call(s.baseUrl, 'GET', '/download/two-paths-diagram');
    expect(diagram.status).toBe(200);
    expect(diagram.headers.get('content-disposition')).toMatch(
      /^attachment; filename="pause-reflect-retry-two-paths-diagram.svg"/,
    );
    expect(diagram.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  it('a missing file with an extension is a 404, not the app; traversal is refused', async () => {
    expect((await call(s.baseUrl, 'GET', '/static/index-old999.js')).status).toBe(404);
    const traversal = await call(s.baseUrl, 'GET', '/..%2f..%2fetc%2fpasswd');
    expect(traversal.text).not.toContain('root:');
  });

  it('without a build, pages explain how to build the site', async () => {
    const bare = await startTestServer();
    try {
      const page = await call(bare.baseUrl, 'GET', '/map');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.text).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
