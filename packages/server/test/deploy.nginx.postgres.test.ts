/**
 * The Debian VM deployment of docs/deploy.md, run: the committed deploy/nginx.conf, in Debian's
 * nginx, terminating TLS in front of two server processes (bin.ts, TRUST_PROXY=1) on one PostgreSQL
 * database, and the site used through it as members and the admin use it.
 *
 * The file runs with only the substitutions a test needs (SITE_SUBSTITUTIONS: loopback ports, a
 * certificate made for the run, the two servers as the upstream), each asserted to have matched,
 * so everything else is checked as committed. Its `http {}` surroundings are what Debian's
 * /etc/nginx/nginx.conf gives a site file, with the paths in a temporary folder.
 *
 * Needs /usr/sbin/nginx and openssl (Debian's nginx and openssl; .ci/run installs both).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@prr/contract';
import { freePort } from '../../../scripts/freePort.mjs';
import { createUnsubscribeToken } from '../src/auth/emailLinkTokens.js';
import { REPO_ROOT } from '../src/paths.js';
import { contractSmoke, type SmokeFetch } from './contractSmoke.js';
import { dropDatabase, freshDatabaseUrl } from './postgres/databases.js';
import { killAllServers, rawRequest, readOutbox, run, startBin, type ServerProcess } from './proof/support.js';

const NGINX = '/usr/sbin/nginx';
const SECRET = 'deploy-proof-secret-0123456789abcdef-0123456789';
const METRICS_TOKEN = 'deploy-proof-metrics-token-0123456789';
const ADMIN = { email: 'organiser@example.org', password: 'correct horse battery staple' };
/** Joins one network may make in an hour: small, so the per-address limit is reached in a few joins. */
const JOINS_PER_IP = 3;
/** A content-hashed file as Vite names its build output (build.assetsDir: static). */
const HASHED_FILE = 'static/entry-Bq3xK9aZ.js';

let dir = '';
let databaseUrl = '';
let servers: ServerProcess[] = [];
let nginx: ChildProcessWithoutNullStreams | undefined;
let nginxExited: Promise<unknown> = Promise.resolve();
let nginxOutput = '';
let siteUrl = '';
let redirectUrl = '';
let ca = '';

/** The changes from the committed file to one that runs here, unprivileged, each with how often it must match. */
function siteSubstitutions(
  ports: { http: number; https: number; upstreams: number[] },
  tlsDir: string,
  cacheDir: string,
) {
  return [
    { find: /listen 80;/g, replace: `listen 127.0.0.1:${ports.http};`, count: 1 },
    { find: /listen 443 ssl http2;/g, replace: `listen 127.0.0.1:${ports.https} ssl http2;`, count: 1 },
    // IPv6 may be off in a container; the IPv4 listens above stand for them.
    { find: /listen \[::\]:(80|443)[^;]*;/g, replace: '', count: 2 },
    { find: /\/etc\/letsencrypt\/live\/example\.org\//g, replace: `${tlsDir}/`, count: 2 },
    { find: /\/var\/cache\/nginx\/prr /g, replace: `${cacheDir} `, count: 1 },
    {
      find: /server 127\.0\.0\.1:3000;/g,
      replace: ports.upstreams.map((port) => `server 127.0.0.1:${port};`).join(' '),
      count: 1,
    },
  ];
}

function substitute(text: string, substitutions: ReturnType<typeof siteSubstitutions>): string {
  let out = text;
  for (const { find, replace, count } of substitutions) {
    expect(out.match(find)?.length ?? 0, `${find} in deploy/nginx.conf`).toBe(count);
    out = out.replace(find, replace);
  }
  return out;
}

/** What Debian's nginx.conf puts around a site file, with every path in `dir`. */
function mainConf(site: string): string {
  // As root the workers run as nobody, as Debian's run as www-data; otherwise as ourselves.
  const user = process.getuid?.() === 0 ? 'user nobody nogroup;' : '';
  return `${user}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr notice;
events { worker_connections 64; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${site};
}
`;
}

/** Requests to the site over TLS, trusting the run's certificate; from `localAddress` when given. */
function siteFetch(localAddress?: string): SmokeFetch {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const req = httpsRequest(
        url,
        { method: init.method, headers: init.headers, ca, agent: false, ...(localAddress ? { localAddress } : {}) },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
              headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
            const status = res.statusCode ?? 0;
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
}

const get = (path: string, headers: Record<string, string> = {}, localAddress?: string) =>
  siteFetch(localAddress)(siteUrl + path, { method: 'GET', headers });

/** Resolves once nginx has written `pattern` (its workers start after it bound every port). */
function untilNginxSays(pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = nginx!;
    const check = (): void => {
      if (!pattern.test(nginxOutput)) return;
      child.stderr.off('data', check);
      resolve();
    };
    child.stderr.on('data', check);
    void nginxExited.then(() => reject(new Error(`nginx exited before ${pattern}:\n${nginxOutput}`)));
    check();
  });
}

/** How many requests a server has answered, from its own /metrics. */
async function requestsAnswered(server: ServerProcess): Promise<number> {
  const metrics = await rawRequest(server.baseUrl, { method: 'GET', path: '/metrics' });
  expect(metrics.status, metrics.text).toBe(200);
  return [...metrics.text.matchAll(/^prr_http_requests_total\{[^}]*\} (\d+)$/gm)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
}

/** Sign-in e-mails already read, so each call answers the one new code. */
const readSignIns = new Set<string>();

async function newSignInCode(email: string): Promise<string> {
  const fresh = (await readOutbox(join(dir, 'outbox'))).filter(
    (m) => m.to === email && m.subject.startsWith('Your sign-in code: ') && !readSignIns.has(m.file),
  );
  expect(fresh, `one new sign-in e-mail to ${email}`).toHaveLength(1);
  readSignIns.add(fresh[0]!.file);
  return fresh[0]!.subject.slice('Your sign-in code: '.length);
}

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error(`No ${NGINX}: sudo apt-get install -y nginx (.ci/run installs it).`);
  dir = await mkdtemp(join(tmpdir(), 'prr-deploy-'));
  // nginx's workers (nobody, when the tests run as root) make their temporary files in here.
  await chmod(dir, 0o755);
  const tlsDir = join(dir, 'tls');
  await mkdir(tlsDir, { mode: 0o700 });
  // A certificate for 127.0.0.1, as certbot's fullchain.pem and privkey.pem are for the site's name.
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    join(tlsDir, 'privkey.pem'),
    '-out',
    join(tlsDir, 'fullchain.pem'),
  ]);
  ca = await readFile(join(tlsDir, 'fullchain.pem'), 'utf8');
  const staticDir = join(dir, 'site');
  await mkdir(join(staticDir, 'static'), { recursive: true });
  await writeFile(join(staticDir, HASHED_FILE), 'export const built = true;\n');

  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  siteUrl = `https://127.0.0.1:${httpsPort}`;
  redirectUrl = `http://127.0.0.1:${httpPort}`;
  databaseUrl = await freshDatabaseUrl();
  const env = {
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: '1',
    PUBLIC_URL: siteUrl,
    SESSION_SECRET: SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    METRICS_TOKEN,
    JOINS_PER_IP_PER_HOUR: String(JOINS_PER_IP),
    OUTBOX_DIR: join(dir, 'outbox'),
    STATIC_DIR: staticDir,
  };
  servers = await Promise.all(['a', 'b'].map((name) => startBin({ dataFile: join(dir, `unused-${name}.json`), env })));

  const committed = await readFile(join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8');
  const ports = { http: httpPort, https: httpsPort, upstreams: servers.map((s) => Number(new URL(s.baseUrl).port)) };
  const site = join(dir, 'prr.conf');
  await writeFile(site, substitute(committed, siteSubstitutions(ports, tlsDir, join(dir, 'cache'))));
  await writeFile(join(dir, 'nginx.conf'), mainConf(site));

  nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;']);
  nginx.stdout.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
  nginx.stderr.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
  nginxExited = new Promise((resolve) => nginx!.once('exit', resolve));
  await untilNginxSays(/start worker process \d+/);
}, 60_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
    // TERM: nginx's fast shutdown, its workers with it.
    nginx.kill('SIGTERM');
    await nginxExited;
  }
  killAllServers();
  if (databaseUrl) await dropDatabase(databaseUrl);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('deploy/nginx.conf in front of two servers on one PostgreSQL database', () => {
  it('passes nginx -t as committed, but for the test substitutions', async () => {
    const out = await run(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr']);
    expect(out).toContain('syntax is ok');
    expect(out).toContain('test is successful');
  });

  it('redirects HTTP to the same address over HTTPS, but for certbot challenges', async () => {
    const redirected = await rawRequest(redirectUrl, { method: 'GET', path: '/experiment?from=poster' });
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toBe('https://127.0.0.1/experiment?from=poster');
    const challenge = await rawRequest(redirectUrl, { method: 'GET', path: '/.well-known/acme-challenge/none' });
    expect(challenge.status).toBe(404);
  });

  it('serves every route family over TLS through nginx, across both servers', async () => {
    const { member } = await contractSmoke(siteUrl, {
      fetch: siteFetch(),
      admin: ADMIN,
      signInCode: newSignInCode,
      unsubscribeToken: (memberId) => createUnsubscribeToken(memberId, SECRET),
    });
    expect(member.email).toBe('diane.nash@example.org');
    // nginx took turns: each server answered part of it (asked directly, from this machine).
    for (const server of servers) expect(await requestsAnswered(server), server.baseUrl).toBeGreaterThanOrEqual(5);
  });

  it("keeps a hashed file a year and serves it again itself, and passes the app's headers on: HSTS, the readiness checks never cached", async () => {
    const answered = await Promise.all(servers.map(requestsAnswered));
    const asset = await get(`/${HASHED_FILE}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('max-age=31536000,immutable');
    expect(asset.headers.get('strict-transport-security')).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(asset.headers.get('x-cache-status')).toBe('MISS');
    expect(await asset.text()).toBe('export const built = true;\n');
    const again = await get(`/${HASHED_FILE}`);
    expect(again.headers.get('x-cache-status')).toBe('HIT');
    expect(again.headers.get('cache-control')).toBe('max-age=31536000,immutable');
    expect(await again.text()).toBe('export const built = true;\n');
    // The app answered the first request only (and the two /metrics reads of its own count).
    const after = await Promise.all(servers.map(requestsAnswered));
    expect(after.reduce((a, b) => a + b, 0) - answered.reduce((a, b) => a + b, 0)).toBe(1 + servers.length);

    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', store: 'postgres' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    const live = await get('/healthz');
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok' });
    expect(live.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps /metrics to this machine: nginx refuses another address, the app wants the token', async () => {
    // 127.0.0.2 is another address as nginx sees it (its allow list names 127.0.0.1 and ::1).
    const elsewhere = await get('/metrics', { Authorization: `Bearer ${METRICS_TOKEN}` }, '127.0.0.2');
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toContain('403 Forbidden');
    // From here, but forwarded: the app's own refusal without the token.
    const noToken = await get('/metrics');
    expect(noToken.status).toBe(403);
    expect(await noToken.json()).toMatchObject({ error: { code: 'forbidden' } });
    const withToken = await get('/metrics', { Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toMatch(/^# (HELP|TYPE) /m);
  });

  it('limits joins by the address that connected, whatever X-Forwarded-For a client writes', async () => {
    const join = (n: number, localAddress: string) =>
      siteFetch(localAddress)(siteUrl + api.joinMovement.path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          // A new address each time: with it taken for the client's, no limit would ever be reached.
          'X-Forwarded-For': `198.51.100.${n}`,
        },
        body: JSON.stringify({ name: 'Bayard Rustin', email: `bayard.${n}@example.org`, zipCode: '10001' }),
      });
    const statuses: number[] = [];
    for (let n = 1; n <= JOINS_PER_IP + 1; n++) statuses.push((await join(n, '127.0.0.3')).status);
    expect(statuses).toEqual([...Array<number>(JOINS_PER_IP).fill(200), 429]);
    // Another address that connects has its own allowance.
    expect((await join(JOINS_PER_IP + 2, '127.0.0.4')).status).toBe(200);
  });
});
