/**
 * Mail that inboxes accept, over a real SMTP conversation: the real app and lowdb store, the
 * scheduler on a fake clock, a real SmtpMailer signing with DKIM (a key pair made for the run), and
 * smtp-server on 127.0.0.1 that can refuse chosen recipients at RCPT TO.
 *
 * - Every message verifies with mailauth against the public key a DNS TXT record would publish,
 *   and the bulk ones sign List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
 * - A 550 to a recipient marks the member undeliverable and fails the message after one attempt;
 *   nothing more is sent to the address, while the other members get theirs; a 451 is retried.
 * - The sign-in code still goes to a marked address, and signing in with it takes the mark away
 *   (docs/product/rules.md#undeliverable-addresses).
 * - `npm start` (bin.ts) reads DKIM_*: a key it cannot use stops the start, a good one signs the
 *   outbox's messages too.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dkimVerify } from 'mailauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminMemberPage, api } from '@prr/contract';
import { withPoints } from '@prr/domain';
import type { DkimConfig } from '../src/mail/dkim.js';
import { signInAdmin } from './adminSignIn.js';
import { logLines, untilLogged } from './cluster.helpers.js';
import { call, persistedMembers } from './helpers.js';
import {
  dashboardLinkOf,
  smtpMailer,
  mailHarnessesPerTest,
  startSmtp,
  type MailHarness,
  type ReceivedMail,
  type TestSmtp,
} from './mail.helpers.js';
import { freshServerDirEach, readOutbox, startBin } from './proof/support.js';

const SELECTOR = 'prr2026';
/** The From's domain in mail.helpers.ts (hello@peace.test): signed for the same, so DMARC aligns. */
const DOMAIN = 'peace.test';

let keyDir: string;
let dkim: DkimConfig;
/** The TXT record of `prr2026._domainkey.peace.test`, as the README tells a movement to publish it. */
let txtRecord: string;

beforeAll(async () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  keyDir = await mkdtemp(join(tmpdir(), 'prr-dkim-'));
  const privateKeyFile = join(keyDir, 'dkim.pem');
  await writeFile(privateKeyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  dkim = { domain: DOMAIN, selector: SELECTOR, privateKeyFile };
  txtRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
});
afterAll(async () => {
  await rm(keyDir, { recursive: true, force: true });
});

/** The DNS a receiver asks: the selector's TXT record, and nothing else exists. */
async function resolver(name: string, rrtype: string): Promise<string[][]> {
  if (name === `${SELECTOR}._domainkey.${DOMAIN}` && rrtype === 'TXT') return [[txtRecord]];
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
}

/** What a receiving server's DKIM check says of a raw message: each signature's result and domain. */
async function dkimResults(raw: string): Promise<{ result: string; domain: string; selector?: string }[]> {
  const { results } = await dkimVerify(Buffer.from(raw), { resolver });
  return results.map((r) => ({
    result: r.status.result,
    domain: r.signingDomain,
    ...(r.selector ? { selector: r.selector } : {}),
  }));
}

/** The header names a message's DKIM-Signature covers (its `h=` tag), lower-cased. */
function signedHeaders(mail: ReceivedMail): string[] {
  const h = /;\s*h=([^;]+);/.exec(mail.mail.header('dkim-signature') ?? '')?.[1] ?? '';
  return h.split(':').map((name) => name.trim().toLowerCase());
}

let smtp: TestSmtp;

beforeEach(async () => {
  smtp = await startSmtp();
});
afterEach(async () => {
  await smtp.close();
});

const harness = mailHarnessesPerTest(() => smtpMailer(smtp, dkim)).start;

const to = (email: string): ReceivedMail[] => smtp.received.filter((r) => r.rcptTo[0] === email);
const subjects = (mails: readonly ReceivedMail[]): (string | undefined)[] => mails.map((r) => r.mail.header('subject'));
const rcptsTo = (email: string): number => smtp.rcptTo.filter((address) => address === email).length;

/** Joins and confirms the address with the welcome's 'Confirm and open my dashboard' link. */
async function confirmedMember(h: MailHarness, email: string): Promise<void> {
  await h.join(email);
  await h.scheduler.idle();
  const welcome = to(email).find((r) => r.mail.header('subject')?.startsWith('Welcome'));
  if (!welcome) throw new Error(`no welcome e-mail to ${email}`);
  await h.openDashboardLink(dashboardLinkOf(welcome.mail));
}

/** Points from elsewhere (an approved story, an invite), straight in the store: a level-up is owed. */
async function award(h: MailHarness, email: string, points: number): Promise<void> {
  const member = await h.member(email);
  await h.server.store.write((tx) => tx.updateMember(member.id, withPoints(member, points)));
}

describe('DKIM', () => {
  it('signs every message for peace.test; each verifies against the published key, and a changed header fails', async () => {
    const h = await harness();
    await confirmedMember(h, 'ada@example.org');
    await award(h, 'ada@example.org', 100);
    await h.scheduler.tick();
    await h.signInByCode('ada@example.org');
    await h.tickUntil('2026-03-03T14:00:00Z');

    expect(subjects(smtp.received).map((s) => s?.split(':')[0])).toEqual([
      'Welcome to the movement',
      'Your first reflection',
      'You are now an Agent',
      'Your sign-in code',
      'Day 2 of 90',
    ]);
    for (const { raw } of smtp.received) {
      expect(await dkimResults(raw)).toEqual([{ result: 'pass', domain: DOMAIN, selector: SELECTOR }]);
    }
    // A receiver sees a message changed on the way as unsigned: the check can fail.
    const changed = smtp.received[0]!.raw.replace('Subject: Welcome', 'Subject: Welcome back');
    expect(changed).not.toBe(smtp.received[0]!.raw);
    expect((await dkimResults(changed)).map((r) => r.result)).toEqual(['fail']);
  });

  it("every bulk message (welcome, daily reflection, level-up) signs both RFC 8058 headers; the sign-in code, a reply to the member's own request, has neither", async () => {
    const h = await harness();
    await confirmedMember(h, 'ben@example.org');
    await award(h, 'ben@example.org', 100);
    await h.tickUntil('2026-03-03T14:00:00Z');
    await h.signInByCode('ben@example.org');

    const bulk = smtp.received.filter((r) => !r.mail.header('subject')?.startsWith('Your sign-in code'));
    expect(subjects(bulk).map((s) => s?.split(':')[0])).toEqual([
      'Welcome to the movement',
      'Your first reflection',
      'You are now an Agent',
      'Day 2 of 90',
    ]);
    for (const mail of bulk) {
      expect(mail.mail.header('list-unsubscribe')).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[^>]+>$/);
      expect(mail.mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(signedHeaders(mail)).toEqual(
        expect.arrayContaining(['from', 'list-unsubscribe', 'list-unsubscribe-post']),
      );
    }
    const signIn = smtp.received.find((r) => r.mail.header('subject')?.startsWith('Your sign-in code'));
    expect(signIn?.mail.header('list-unsubscribe')).toBeUndefined();
    expect(signIn?.mail.header('list-unsubscribe-post')).toBeUndefined();
    expect(signIn && signedHeaders(signIn)).toEqual(expect.arrayContaining(['from', 'subject', 'auto-submitted']));
  });
});

describe('an address the receiving server refuses', () => {
  /**
   * gone@ and stays@ join and confirm on 2 March; gone@'s mailbox is deleted before day 2, whose
   * 09:00 reflection (New York) meets a 550 at RCPT TO.
   */
  async function refusedOnDay2(): Promise<MailHarness> {
    const h = await harness();
    await confirmedMember(h, 'gone@example.org');
    await confirmedMember(h, 'stays@example.org');
    smtp.refuseRecipient('gone@example.org', 550);
    await h.tickUntil('2026-03-03T14:00:00Z');
    return h;
  }

  it('a 550 marks the member undeliverable at once: the message failed after one attempt, nothing more goes to them, the others get theirs', async () => {
    const h = await refusedOnDay2();
    const gone = await h.member('gone@example.org');
    expect(gone).toMatchObject({ emailUndeliverableAt: '2026-03-03T14:00:00.000Z', emailUndeliverableCode: 550 });
    expect((await persistedMembers(h.server)).find((m) => m.id === gone.id)).toMatchObject({
      emailUndeliverableAt: '2026-03-03T14:00:00.000Z',
      emailUndeliverableCode: 550,
    });
    const refused = await h.delivery(gone.id, 'reflection');
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, localDate: '2026-03-03', day: 2 });
    expect(refused?.nextAttemptAt).toBeUndefined();
    expect(refused?.lastError).toMatch(/^refused: 550 5\.1\.1 <<address>>: no such user here$/);
    // Welcome, first reflection, and the refused day 2.
    expect(rcptsTo('gone@example.org')).toBe(3);

    // A level owed since, and days 3 and 4: nothing is even offered to the address.
    await award(h, 'gone@example.org', 100);
    await award(h, 'stays@example.org', 100);
    await h.tickUntil('2026-03-05T14:00:00Z');
    expect(rcptsTo('gone@example.org')).toBe(3);
    expect(subjects(to('gone@example.org')).map((s) => s?.split(':')[0])).toEqual([
      'Welcome to the movement',
      'Your first reflection',
    ]);
    expect(subjects(to('stays@example.org')).map((s) => s?.split(':')[0])).toEqual([
      'Welcome to the movement',
      'Your first reflection',
      'Day 2 of 90',
      'You are now an Agent',
      'Day 3 of 90',
      'Day 4 of 90',
    ]);

    // The admin sees it on the participant.
    const admin = await signInAdmin(h.server);
    const list = await call(h.server.baseUrl, 'GET', api.adminMembers.path, { cookie: admin });
    expect(list.status).toBe(200);
    const page = AdminMemberPage.parse(list.body);
    expect(page.items.find((m) => m.email === 'gone@example.org')?.emailUndeliverable).toStrictEqual({
      since: '2026-03-03T14:00:00.000Z',
      smtpCode: 550,
    });
    expect(page.items.find((m) => m.email === 'stays@example.org')).not.toHaveProperty('emailUndeliverable');
  });

  it('a refusal at the join stops there: the welcome is refused and the first reflection is not tried', async () => {
    const h = await harness();
    smtp.refuseRecipient('typo@example.org', 550);
    const member = await h.join('typo@example.org');
    await h.scheduler.idle();
    expect(rcptsTo('typo@example.org')).toBe(1);
    expect(await h.delivery(member.id, 'welcome')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await h.delivery(member.id, 'reflection')).toMatchObject({ status: 'failed' });
    expect(await h.member('typo@example.org')).toMatchObject({ emailUndeliverableCode: 550 });
    await h.tickUntil('2026-03-03T14:00:00Z');
    expect(rcptsTo('typo@example.org')).toBe(1);
  });

  it('a sign-in code refused for good marks the address too, and the member is told to check it', async () => {
    const h = await harness();
    await confirmedMember(h, 'moved@example.org');
    smtp.refuseRecipient('moved@example.org', 550);
    h.clock.set('2026-03-02T18:00:00Z');
    const asked = await call(h.server.baseUrl, 'POST', api.requestSignIn.path, {
      body: { email: 'moved@example.org' },
    });
    expect(asked.status).toBe(503);
    expect(asked.body).toEqual({
      error: {
        code: 'unavailable',
        message:
          'The mail server of this address refused our e-mail. Please check the address with your mail provider, then try again.',
      },
    });
    expect(await h.member('moved@example.org')).toMatchObject({
      emailUndeliverableAt: '2026-03-02T18:00:00.000Z',
      emailUndeliverableCode: 550,
    });
    await h.tickUntil('2026-03-03T14:00:00Z');
    expect(rcptsTo('moved@example.org')).toBe(3);
  });

  it('a 451 is a failure to retry: not marked, and delivered a minute later', async () => {
    const h = await harness();
    await confirmedMember(h, 'busy@example.org');
    smtp.refuseRecipient('busy@example.org', 451);
    await h.tickUntil('2026-03-03T14:00:00Z');
    const member = await h.member('busy@example.org');
    expect(member).not.toHaveProperty('emailUndeliverableAt');
    expect(await h.delivery(member.id, 'reflection')).toMatchObject({
      status: 'retry',
      attempts: 1,
      nextAttemptAt: '2026-03-03T14:01:00.000Z',
    });
    smtp.accept('busy@example.org');
    await h.tickUntil('2026-03-03T14:01:00Z');
    expect(await h.delivery(member.id, 'reflection')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(subjects(to('busy@example.org')).at(-1)).toMatch(/^Day 2 of 90: /);
    expect(rcptsTo('busy@example.org')).toBe(4);
  });

  it('the sign-in code still goes to a marked address; signing in with it takes the mark away and the next reflection goes out', async () => {
    const h = await refusedOnDay2();
    h.clock.set('2026-03-04T15:00:00Z');

    // Still refused: the code is offered to the address, the member is told, the mark stays as it was.
    const asked = await call(h.server.baseUrl, 'POST', api.requestSignIn.path, {
      body: { email: 'gone@example.org' },
    });
    expect(asked.status).toBe(503);
    expect(asked.text).toContain('refused our e-mail');
    expect(rcptsTo('gone@example.org')).toBe(4);
    expect(await h.member('gone@example.org')).toMatchObject({
      emailUndeliverableAt: '2026-03-03T14:00:00.000Z',
      emailUndeliverableCode: 550,
    });

    // The mailbox is back: the code arrives, and signing in with it proves the address again.
    smtp.accept('gone@example.org');
    await h.signInByCode('gone@example.org');
    expect(subjects(to('gone@example.org')).at(-1)).toMatch(/^Your sign-in code: \d{6}$/);
    const proved = await h.member('gone@example.org');
    expect(proved).not.toHaveProperty('emailUndeliverableAt');
    expect(proved).not.toHaveProperty('emailUndeliverableCode');
    expect(proved.emailConfirmed).toBe(true);

    // Today's reflection, late as after downtime, then tomorrow's at 09:00.
    await h.tickUntil('2026-03-05T14:00:00Z');
    const after = to('gone@example.org').slice(-2);
    expect(subjects(after).map((s) => s?.split(':')[0])).toEqual(['Day 3 of 90', 'Day 4 of 90']);
    for (const { raw } of after)
      expect(await dkimResults(raw)).toEqual([{ result: 'pass', domain: DOMAIN, selector: SELECTOR }]);
  });
});

describe('npm start with DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE', () => {
  const dir = freshServerDirEach('prr-dkim-bin-');
  const env = (privateKeyFile: string) => ({
    DKIM_DOMAIN: DOMAIN,
    DKIM_SELECTOR: SELECTOR,
    DKIM_PRIVATE_KEY_FILE: privateKeyFile,
    OUTBOX_DIR: join(dir(), 'outbox'),
    PUBLIC_URL: 'https://peace.test',
  });

  it('a key file it cannot read stops the start, naming the variable and the file', async () => {
    const missing = join(dir(), 'missing.pem');
    const refused = await startBin({ dataFile: join(dir(), 'db.json'), env: env(missing) }).then(
      () => new Error('the server started without its DKIM key'),
      (error: unknown) => error as Error,
    );
    expect(refused.message).toContain('server exited (1) before listening');
    expect(refused.message).toContain(`DKIM_PRIVATE_KEY_FILE ${missing} cannot be read (ENOENT)`);
  });

  it("signs the outbox's messages, and warns when MAIL_FROM's domain does not align with DKIM_DOMAIN", async () => {
    const server = await startBin({
      dataFile: join(dir(), 'db.json'),
      env: { ...env(dkim.privateKeyFile), MAIL_FROM: 'Peace <hello@elsewhere.example>' },
    });
    expect(logLines(server.output()).find((line) => /MAIL_FROM's domain/.test(line.msg ?? ''))).toMatchObject({
      level: 'warn',
      fromDomain: 'elsewhere.example',
      dkimDomain: DOMAIN,
    });
    const joined = await fetch(server.baseUrl + api.joinMovement.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.org', zipCode: '10001' }),
    });
    expect(joined.status).toBe(200);
    await untilLogged(
      server,
      (lines) => lines.some((line) => line.msg === 'e-mails sent' && line.sent === 2),
      'the welcome and the first reflection sent',
    );
    const outbox = await readOutbox(join(dir(), 'outbox'));
    expect(outbox.map((m) => m.kind).sort()).toEqual(['reflection', 'welcome']);
    for (const { file } of outbox) {
      const raw = await readFile(join(dir(), 'outbox', file), 'utf8');
      expect(await dkimResults(raw)).toEqual([{ result: 'pass', domain: DOMAIN, selector: SELECTOR }]);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
