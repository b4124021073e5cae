/**
 * For backup.lowdb.test.ts and backup.postgres.test.ts: a write load of joins and reflections that
 * records what was acknowledged, the real `npm run db:backup` / `db:restore` as child processes,
 * and a sign-in link taken from the outbox, to show that the secret came back with the site.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ReflectionList, SignInLinkInfo, api } from '@prr/contract';
import { call, reflectionRequest } from './helpers.js';
import { joinBurst } from './joinBurst.js';
import { dashboardLinkOf, parseMail } from './mail.helpers.js';
import { readOutbox } from './proof/support.js';
import { keyOfLink } from './helpers.js';
import { REPO_ROOT } from '../src/paths.js';

export interface Acknowledged {
  /** Addresses whose join was answered 200. */
  joined: string[];
  /** Addresses whose reflection for day 1 was answered 2xx. */
  reflected: string[];
}

export interface WriteLoad {
  /** The member cookie each acknowledged join set, by address. */
  cookies: Map<string, string>;
  /** What was acknowledged up to this moment: a copy, taken right before a backup starts. */
  acknowledged(): Acknowledged;
  /** Resolves once `count` reflections were acknowledged; rejects when the load stopped first. */
  reflectedAtLeast(count: number): Promise<void>;
  /** Stops every client and waits until each has. */
  stop(): Promise<void>;
}

/**
 * Joins from `joiners` clients (joinBurst.ts), and `reflectors` clients saving day 1's reflection
 * for each member who joined, in the order they were acknowledged, as soon as they were.
 */
export function writeLoad(baseUrl: string, prefix: string, joiners = 3, reflectors = 2): WriteLoad {
  const burst = joinBurst(baseUrl, prefix, joiners);
  const reflected: string[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  let next = 0;
  let stopped = false;
  const reflector = async (): Promise<void> => {
    while (!stopped) {
      const index = next++;
      try {
        await burst.atLeast(index + 1);
      } catch {
        return; // the joins stopped
      }
      const email = burst.acknowledged[index] as string;
      const cookie = burst.cookies.get(email);
      if (!cookie || stopped) continue;
      try {
        const res = await call(baseUrl, 'POST', api.saveReflection.path, { body: reflectionRequest(1), cookie });
        if (res.status >= 200 && res.status < 300) {
          reflected.push(email);
          for (const w of waiting.filter((w) => reflected.length >= w.count)) w.resolve();
        }
      } catch {
        return; // the server went away: never acknowledged
      }
    }
  };
  const done = Promise.all(Array.from({ length: reflectors }, reflector));
  return {
    cookies: burst.cookies,
    acknowledged: () => ({ joined: [...burst.acknowledged], reflected: [...reflected] }),
    reflectedAtLeast: (count) =>
      new Promise<void>((resolve, reject) => {
        if (reflected.length >= count) resolve();
        else waiting.push({ count, resolve });
        void done.then(() => reject(new Error(`the load stopped after ${reflected.length} reflections`)));
      }),
    stop: async () => {
      stopped = true;
      await burst.stop();
      await done;
    },
  };
}

export interface ToolRun {
  code: number | null;
  /** Trimmed lines of each stream. */
  stdout: string[];
  stderr: string[];
}

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * `npm run --silent <script> -- <file>` from the repository's root, with `env` over this process's
 * environment (an `undefined` removes a variable). Resolves when it exits.
 */
export function runScript(
  script: 'db:backup' | 'db:restore',
  file: string,
  env: Record<string, string | undefined>,
): Promise<ToolRun> {
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', file], { cwd: REPO_ROOT, env: merged });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout: lines(stdout), stderr: lines(stderr) }));
  });
}

/**
 * Asks for a sign-in e-mail (the route answers once the outbox has written it) and returns the
 * one-time link's key from it: a link sealed with the site's secret, kept in the store as a hash.
 */
export async function emailedSignInKey(baseUrl: string, outbox: string, email: string): Promise<string> {
  const asked = await call(baseUrl, 'POST', api.requestSignIn.path, { body: { email } });
  if (asked.status !== 200) throw new Error(`sign-in request answered ${asked.status}: ${asked.text}`);
  const mail = (await readOutbox(outbox)).find((m) => m.file.includes('-signin-') && m.to === email);
  if (!mail) throw new Error(`no sign-in e-mail to ${email} in ${outbox}`);
  const key = keyOfLink(dashboardLinkOf(parseMail(await readFile(join(outbox, mail.file), 'utf8'))));
  if (!key) throw new Error(`no key in the sign-in e-mail to ${email}`);
  return key;
}

/**
 * The site started on a restored store serves what was acknowledged before the backup: it is
 * ready, an e-mailed sign-in link from before still opens (the secret came back too), and a
 * member's session and reflection are there.
 */
export async function expectRestoredSiteServes(
  baseUrl: string,
  signInKey: string,
  load: WriteLoad,
  before: Acknowledged,
): Promise<void> {
  expect((await call(baseUrl, 'GET', '/readyz')).status).toBe(200);
  const link = await call(baseUrl, 'POST', api.checkSignInLink.path, { body: { token: signInKey } });
  expect(link.status).toBe(200);
  expect(SignInLinkInfo.parse(link.body).firstName).toBe('Rosa');
  const member = before.reflected[0] as string;
  const days = await call(baseUrl, 'GET', api.reflections.path, { cookie: load.cookies.get(member) as string });
  expect(days.status).toBe(200);
  expect(ReflectionList.parse(days.body).map((r) => r.day)).toEqual([1]);
}
