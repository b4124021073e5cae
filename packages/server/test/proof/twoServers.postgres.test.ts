/**
 * Two server processes (bin.ts) on one PostgreSQL database serve one site: what would be kept in a
 * process's memory with lowdb lives in the database, so either process answers alike.
 *
 * (a) An admin session made by logging in on server A works on server B, and logging out on B ends
 *     it on A: sessions are rows, not memory (per-process sessions would give B a 401).
 * (a') The same for members: the session a join made on A works on B; a sign-in code asked for on A
 *     is entered on B, and then is used up on A too; being the address's first proof, it ends the
 *     join's session on both; signing out on B ends the code's session on A.
 * (b) The sign-in e-mail limits (DEFAULT_RATE_LIMITS: 3 per address and 30 per IP in 15 minutes)
 *     count across both: with requests alternating between A and B, the 4th for one address and
 *     the 31st from this client overall are refused (per-process counters would let each server
 *     take its own 3 and 30).
 * (c) Each e-mail goes out exactly once across both. Both processes run the e-mail scheduler, and
 *     a join's welcome and first reflection are claimed by the server that took the join (its join
 *     hook) and by both servers' minute check (which runs at start-up, then every minute). To make
 *     them really compete for every message, the test holds an ACCESS EXCLUSIVE lock on
 *     email_deliveries while both servers start (their start-up check waits on it) and while 20
 *     members join through both (their join hooks wait on it too), then releases it: up to three
 *     claimants go for each message at the same instant. Claims are compare-and-set
 *     (EmailLog.claim), so exactly one wins each; a claim that was a plain write would let two or
 *     three of them send, and the outboxes (one folder per server) would hold duplicates.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES, api } from '@prr/contract';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import { realClockAdmin, signInAdminNow } from '../adminOnRealClock.js';
import { call, memberCookieFrom, type Answer } from '../helpers.js';
import { deliveriesOf, dropDatabase, freshDatabaseUrl, withAdmin } from '../postgres/databases.js';
import {
  killAllServers,
  printFigures,
  readOutbox,
  sleep,
  startBin,
  type OutboxMessage,
  type ServerProcess,
} from './support.js';

const SECRET = 'two-servers-secret-0123456789abcdef-0123456789abcdef';
const ADMIN = { email: 'site-admin@example.org', password: 'correct horse battery staple' };
/** The servers run with DEFAULT_RATE_LIMITS (src/config.ts). */
const SIGN_INS_PER_ADDRESS = DEFAULT_RATE_LIMITS.signInPerAddress.points;
const SIGN_INS_PER_IP = DEFAULT_RATE_LIMITS.signInPerIp.points;
const MEMBERS = 20;
/** Every POST /api/sign-in this file sends counts toward the per-IP limit that (b) proves. */
let signInRequests = 0;

let dir = '';
let databaseUrl = '';
let a: ServerProcess;
let b: ServerProcess;
let lockClient: pg.Client | undefined;

const outboxOf = (name: 'a' | 'b') => join(dir, `outbox-${name}`);

function start(name: 'a' | 'b'): Promise<ServerProcess> {
  return startBin({
    dataFile: join(dir, `unused-${name}.json`),
    env: {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OUTBOX_DIR: outboxOf(name),
    },
  });
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prr-proof-two-'));
  databaseUrl = await freshDatabaseUrl();
  [a, b] = await Promise.all([start('a'), start('b')]);
}, 60_000);

afterAll(async () => {
  killAllServers();
  await lockClient?.end().catch(() => undefined);
  if (databaseUrl) await dropDatabase(databaseUrl);
  if (dir) await rm(dir, { recursive: true, force: true });
});

function expectError(answer: Answer, status: number, code: string, message: unknown = expect.any(String)): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body).toEqual({ error: { code, message } });
}

function requestSignIn(server: ServerProcess, email: string): Promise<Answer> {
  signInRequests += 1;
  return call(server.baseUrl, 'POST', api.requestSignIn.path, { body: { email } });
}

describe('two server processes on one PostgreSQL database', () => {
  it('(a) an admin session made on A works on B, and logging out on B ends it on A', async () => {
    // Production asks for a second factor: the admin enrols TOTP on A through the real routes.
    const cookie = await signInAdminNow(a.baseUrl, realClockAdmin(ADMIN));

    expectError(await call(b.baseUrl, 'GET', api.adminSession.path), 401, 'unauthenticated');
    const onB = await call(b.baseUrl, 'GET', api.adminSession.path, { cookie });
    expect(onB.status, 'the session made on A, on B').toBe(200);
    expect(onB.body).toEqual({ admin: { name: 'Admin', email: ADMIN.email } });
    expect((await call(a.baseUrl, 'GET', api.adminSession.path, { cookie })).status).toBe(200);

    const logout = await call(b.baseUrl, 'POST', api.adminLogout.path, { cookie });
    expect(logout.status, logout.text).toBe(200);
    expectError(await call(a.baseUrl, 'GET', api.adminSession.path, { cookie }), 401, 'unauthenticated');
    expectError(await call(b.baseUrl, 'GET', api.adminSession.path, { cookie }), 401, 'unauthenticated');
    const sessionsLeft = await withAdmin(
      databaseUrl,
      async (client) => (await client.query('SELECT 1 FROM admin_sessions')).rowCount,
    );
    expect(sessionsLeft).toBe(0);
    printFigures('two-servers-sessions', {
      loginOn: 'A',
      usedOn: ['A', 'B'],
      logoutOn: 'B',
      rejectedAfterLogoutOn: ['A', 'B'],
    });
  });

  it("(a') a member session made on A works on B; a code asked for on A works on B, once, and ends the join's session on both; signing out on B ends the session on A", async () => {
    const email = 'two-servers-member@example.org';
    const joined = await call(a.baseUrl, 'POST', api.joinMovement.path, {
      body: { name: 'Twin Member', email, zipCode: '10001' },
    });
    expect(joined.status, joined.text).toBe(200);
    const cookie = memberCookieFrom(joined)!;
    expect(cookie).toBeDefined();
    const onB = await call(b.baseUrl, 'GET', api.me.path, { cookie });
    expect(onB.status, 'the session a join made on A, on B').toBe(200);
    expect((onB.body as { email: string }).email).toBe(email);

    // A sign-in e-mail asked for on A (written to A's outbox); its code entered on B.
    expect((await requestSignIn(a, email)).status).toBe(200);
    const signInMail = (await readOutbox(outboxOf('a'))).find(
      (m) => m.to === email && m.subject.startsWith('Your sign-in code: '),
    );
    expect(signInMail, "the sign-in e-mail in A's outbox").toBeDefined();
    const code = signInMail!.subject.slice('Your sign-in code: '.length);
    const byCode = await call(b.baseUrl, 'POST', api.signInWithCode.path, { body: { email, code } });
    expect(byCode.status, byCode.text).toBe(200);
    const second = memberCookieFrom(byCode)!;
    expect(second).not.toBe(cookie);
    // Used once across both: A refuses it now.
    const again = await call(a.baseUrl, 'POST', api.signInWithCode.path, { body: { email, code } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Validation failed',
        fields: { code: [SIGN_IN_MESSAGES.codeExpired] },
      },
    });
    expect((await call(a.baseUrl, 'GET', api.me.path, { cookie: second })).status).toBe(200);
    // The code was the address's first proof: the session the join made ended with it, on both.
    for (const server of [a, b]) {
      expectError(
        await call(server.baseUrl, 'GET', api.me.path, { cookie }),
        401,
        'unauthenticated',
        SIGN_IN_MESSAGES.signInNeeded,
      );
    }

    const out = await call(b.baseUrl, 'POST', api.signOut.path, { cookie: second });
    expect(out.status, out.text).toBe(200);
    for (const server of [a, b]) {
      expectError(
        await call(server.baseUrl, 'GET', api.me.path, { cookie: second }),
        401,
        'unauthenticated',
        SIGN_IN_MESSAGES.signInNeeded,
      );
    }
    const rows = await withAdmin(databaseUrl, async (client) => {
      const sessions = (await client.query('SELECT 1 FROM member_sessions')).rowCount;
      const confirmed = (
        await client.query<{ email_confirmed: boolean }>('SELECT email_confirmed FROM members WHERE email = $1', [
          email,
        ])
      ).rows[0];
      return { sessions, confirmed: confirmed?.email_confirmed };
    });
    expect(rows).toEqual({ sessions: 0, confirmed: true });
    printFigures('two-servers-member-sessions', {
      joinedOn: 'A',
      usedOn: ['A', 'B'],
      codeAskedOn: 'A',
      codeEnteredOn: 'B',
      codeRefusedAgainOn: 'A',
      signOutOn: 'B',
    });
  });

  it('(b) the sign-in e-mail limits count across both servers: the 4th for one address, and the 31st from this client, are 429', async () => {
    // Per address: alternating A, B, A; the 4th (on B) is refused.
    const address = 'nobody-here@example.org';
    for (let i = 0; i < SIGN_INS_PER_ADDRESS; i += 1) {
      expectError(await requestSignIn(i % 2 === 0 ? a : b, address), 404, 'not_found'); // counted, not refused
    }
    const perAddress = await requestSignIn(b, address.toUpperCase());
    expectError(perAddress, 429, 'rate_limited', SIGN_IN_MESSAGES.tooManyForAddress);
    const retryAfterAddress = Number(perAddress.headers.get('retry-after'));
    expect(
      Number.isInteger(retryAfterAddress) && retryAfterAddress >= 1 && retryAfterAddress <= 15 * 60,
      `Retry-After: ${retryAfterAddress}`,
    ).toBe(true);

    // Per IP: whatever the address. Every request so far counted (the one refused per address too).
    const statuses: number[] = [];
    for (let i = 0; signInRequests < SIGN_INS_PER_IP; i += 1) {
      const answer = await requestSignIn(i % 2 === 0 ? a : b, `someone-${i}@example.org`);
      statuses.push(answer.status);
      expectError(answer, 404, 'not_found');
    }
    const refused = await requestSignIn(a, 'someone-else@example.org'); // the 31st overall
    expectError(refused, 429, 'rate_limited', SIGN_IN_MESSAGES.tooManyFromNetwork);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 15 * 60, `Retry-After: ${retryAfter}`).toBe(
      true,
    );
    const refusedOnB = await requestSignIn(b, 'someone-else-again@example.org');
    expectError(refusedOnB, 429, 'rate_limited', SIGN_IN_MESSAGES.tooManyFromNetwork);
    expect(refusedOnB.headers.get('retry-after')).toMatch(/^\d+$/);
    printFigures('two-servers-rate-limit', {
      perAddress: {
        allowedAcrossBoth: SIGN_INS_PER_ADDRESS,
        refusedAt: SIGN_INS_PER_ADDRESS + 1,
        retryAfterSeconds: retryAfterAddress,
      },
      perIp: { allowedAcrossBoth: SIGN_INS_PER_IP, refusedAt: SIGN_INS_PER_IP + 1, retryAfterSeconds: retryAfter },
      requestsInThisStretch: statuses.length,
    });
  });

  it('(c) each e-mail goes out exactly once across both servers, with both claiming every message at once', async () => {
    await Promise.all([stop(a), stop(b)]);
    // What (a') sent (its member's welcome, first reflection and sign-in e-mail) is not this test's.
    await Promise.all([
      rm(outboxOf('a'), { recursive: true, force: true }),
      rm(outboxOf('b'), { recursive: true, force: true }),
    ]);

    // The gate: nobody reads or writes the e-mail log until the lock is released.
    lockClient = new pg.Client({ connectionString: databaseUrl, application_name: 'prr-test-gate' });
    await lockClient.connect();
    await lockClient.query('BEGIN');
    await lockClient.query('LOCK TABLE email_deliveries IN ACCESS EXCLUSIVE MODE');
    [a, b] = await Promise.all([start('a'), start('b')]);

    /** Server sessions waiting for the gate (start-up checks and join hooks). */
    const waiting = () =>
      withAdmin(databaseUrl, async (client) => {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'pause-reflect-retry' AND wait_event_type = 'Lock'`,
        );
        return rows[0]?.n ?? 0;
      });
    const waitForWaiting = async (atLeast: number, what: string): Promise<number> => {
      const deadline = Date.now() + 15_000;
      let n = await waiting();
      while (n < atLeast) {
        if (Date.now() > deadline)
          throw new Error(`${what}: ${n} server queries wait on the gate, expected ${atLeast}`);
        await sleep(50);
        n = await waiting();
      }
      return n;
    };
    // Both start-up checks are held (their first statement, marking interrupted claims, waits).
    await waitForWaiting(2, 'both start-up e-mail checks');

    // Members join through both servers; their join hooks wait at the gate too.
    const emails = Array.from({ length: MEMBERS }, (_, i) => `two-servers-${i}@example.org`);
    const joins = await Promise.all(
      emails.map((email, i) =>
        call(i % 2 === 0 ? a.baseUrl : b.baseUrl, 'POST', api.joinMovement.path, {
          body: { name: 'Twin Member', email, zipCode: '10001' },
        }),
      ),
    );
    for (const answer of joins) expect(answer.status, answer.text).toBe(200);
    const held = await waitForWaiting(4, 'start-up checks and join hooks of both servers');
    expect(await readOutbox(outboxOf('a'))).toEqual([]);
    expect(await readOutbox(outboxOf('b'))).toEqual([]);

    // Open the gate: every claimant goes for every message at once.
    const released = Date.now();
    await lockClient.query('COMMIT');
    await lockClient.end();
    lockClient = undefined;

    // Wait until the outboxes stop growing: everything expected and quiet for 1.5 s, or quiet for 5 s.
    const expected = 2 * MEMBERS;
    let total = -1;
    let changedAt = Date.now();
    let allInMs: number | undefined;
    for (;;) {
      const now = (await readOutbox(outboxOf('a'))).length + (await readOutbox(outboxOf('b'))).length;
      if (now !== total) {
        total = now;
        changedAt = Date.now();
      }
      if (now >= expected && allInMs === undefined) allInMs = Date.now() - released;
      const quietMs = Date.now() - changedAt;
      if ((now >= expected && quietMs >= 1_500) || quietMs >= 5_000 || Date.now() - released > 30_000) break;
      await sleep(100);
    }

    const fromA = await readOutbox(outboxOf('a'));
    const fromB = await readOutbox(outboxOf('b'));
    const all: (OutboxMessage & { server: string })[] = [
      ...fromA.map((m) => ({ ...m, server: 'A' })),
      ...fromB.map((m) => ({ ...m, server: 'B' })),
    ];
    const problems: string[] = [];
    for (const email of emails) {
      const mine = all.filter((m) => m.to === email);
      const welcomes = mine.filter((m) => m.kind === 'welcome');
      const firstReflections = mine.filter(
        (m) => m.kind === 'reflection' && m.subject.startsWith('Your first reflection'),
      );
      if (welcomes.length !== 1)
        problems.push(
          `${email}: ${welcomes.length} welcomes (from ${welcomes.map((m) => m.server).join(', ') || 'none'})`,
        );
      if (firstReflections.length !== 1) {
        problems.push(
          `${email}: ${firstReflections.length} first reflections (from ${firstReflections.map((m) => m.server).join(', ') || 'none'})`,
        );
      }
      if (mine.length !== 2) problems.push(`${email}: ${mine.length} messages in all`);
    }
    const strangers = all.filter((m) => !emails.includes(m.to));
    expect(strangers, 'messages to anyone else').toEqual([]);
    expect(problems, 'each member: exactly one welcome and one first reflection across both outboxes').toEqual([]);
    expect(new Set(all.map((m) => m.messageId)).size).toBe(all.length);

    // The e-mail log agrees: one 'sent' record per member and kind.
    const log = await deliveriesOf(databaseUrl, emails);
    expect(log).toEqual([
      { kind: 'reflection', status: 'sent', n: MEMBERS },
      { kind: 'welcome', status: 'sent', n: MEMBERS },
    ]);

    const bySender = { A: fromA.length, B: fromB.length };
    const joinedOn = { A: Math.ceil(MEMBERS / 2), B: Math.floor(MEMBERS / 2) };
    // Not the server that took the join: another claimant (the other server's check) won it.
    const sentByOtherServer = all.filter((m) => {
      const i = emails.indexOf(m.to);
      return (i % 2 === 0 ? 'A' : 'B') !== m.server;
    }).length;
    printFigures('two-servers-email', {
      members: MEMBERS,
      joinedOn,
      serverQueriesHeldAtGate: held,
      messagesExpected: expected,
      messagesSent: all.length,
      bySender,
      sentByServerThatDidNotTakeTheJoin: sentByOtherServer,
      duplicates: all.length - new Set(all.map((m) => `${m.to} ${m.kind}`)).size,
      allSentMsAfterGateOpened: allInMs,
    });
    await Promise.all([stop(a), stop(b)]);
  }, 90_000);
});
