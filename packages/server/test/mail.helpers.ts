/**
 * E-mail test kit: a real SMTP server (smtp-server on 127.0.0.1, port 0) that can refuse
 * messages on request, a small RFC 5322 / MIME reader for what it receives or what the outbox
 * writes, and a harness wiring the real app, store, scheduler and SMTP transport together.
 */
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { api, type EmailSettings } from '@prr/contract';
import type { StoredMember } from '@prr/domain';
import { FakeClock } from '../src/clock.js';
import type { Logger } from '../src/log.js';
import { deliveryOf } from '../src/scheduler/emailDelivery.js';
import type { Mailer } from '../src/mail/mailer.js';
import { dkimOptions, type DkimConfig } from '../src/mail/dkim.js';
import type { Metrics } from '../src/operations/metrics.js';
import { SmtpMailer } from '../src/mail/transports.js';
import { EmailScheduler } from '../src/scheduler/emailScheduler.js';
import type { StoredEmailDelivery } from '../src/store/schema.js';
import {
  START,
  TEST_SECRET,
  call,
  keyOfLink,
  memberCookieFrom,
  signInByCode,
  startTestServer,
  testMailer,
  type TestMailer,
  type TestServer,
} from './helpers.js';

export const FROM = '"Pause. Reflect. Retry." <hello@peace.test>';

// ---------------------------------------------------------------- a real SMTP server

export interface ReceivedMail {
  raw: string;
  rcptTo: string[];
  mail: ParsedMail;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** DATA attempts seen, accepted or refused. */
  attempts: number;
  /** Every RCPT TO address, accepted or refused, in order. */
  rcptTo: string[];
  /** Refuse the next `n` messages with 451 (a temporary failure), after reading them. */
  refuseNext(n: number): void;
  /** Answer RCPT TO for this address (any case) with `code` (550: no such user; 451: try later) until `accept`. */
  refuseRecipient(address: string, code: number): void;
  accept(address: string): void;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  let refuse = 0;
  const refusedRecipients = new Map<string, number>();
  const state: Pick<TestSmtp, 'received' | 'attempts' | 'rcptTo'> = { received: [], attempts: 0, rcptTo: [] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      state.rcptTo.push(address.address);
      const code = refusedRecipients.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      const reply = code >= 500 ? `5.1.1 <${address.address}>: no such user here` : '4.2.1 Mailbox busy, try later';
      callback(Object.assign(new Error(reply), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.attempts += 1;
        if (refuse > 0) {
          refuse -= 1;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        state.received.push({ raw, rcptTo: session.envelope.rcptTo.map((r) => r.address), mail: parseMail(raw) });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    refuseNext: (n: number) => {
      refuse = n;
    },
    refuseRecipient: (address: string, code: number) => {
      refusedRecipients.set(address.toLowerCase(), code);
    },
    accept: (address: string) => {
      refusedRecipients.delete(address.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

// ---------------------------------------------------------------- a small MIME reader

export interface ParsedMail {
  /** Lower-cased names, unfolded values; the first of repeated headers. */
  headers: Map<string, string>;
  header(name: string): string | undefined;
  contentType: string;
  text: string;
  html: string;
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

export function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const src = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function param(value: string, name: string): string | undefined {
  return new RegExp(`${name}="?([^";]+)"?`, 'i').exec(value)?.[1];
}

export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const contentType = headers.get('content-type') ?? 'text/plain';
  let text = '';
  let html = '';
  const take = (type: string, partBody: string, encoding: string | undefined) => {
    const decoded = decodeBody(partBody, encoding);
    if (type.startsWith('text/plain')) text = decoded;
    else if (type.startsWith('text/html')) html = decoded;
  };
  const boundary = param(contentType, 'boundary');
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = splitHead(section.replace(/^\r?\n/, ''));
      const partHeaders = parseHeaders(part.head);
      take(
        partHeaders.get('content-type') ?? 'text/plain',
        part.body.replace(/\r?\n$/, ''),
        partHeaders.get('content-transfer-encoding'),
      );
    }
  } else {
    take(contentType, body, headers.get('content-transfer-encoding'));
  }
  return { headers, header: (name) => headers.get(name.toLowerCase()), contentType, text, html };
}

/** The dashboard link of a welcome or daily e-mail (`<publicUrl>/dashboard#key=<sealed key>`), from its text. */
export function dashboardLinkOf(mail: Pick<ParsedMail, 'text'>): string {
  const link = /(https?:\/\/\S+\/dashboard#key=[A-Za-z0-9%_-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no dashboard link in:\n${mail.text}`);
  return link;
}

/** The URL inside List-Unsubscribe: <https://...>. */
export function listUnsubscribeUrl(mail: ParsedMail): string {
  const match = /<([^>]+)>/.exec(mail.header('list-unsubscribe') ?? '');
  if (!match?.[1]) throw new Error('no List-Unsubscribe URL');
  return match[1];
}

// ---------------------------------------------------------------- the app + scheduler harness

export interface MailHarness {
  server: TestServer;
  clock: FakeClock;
  scheduler: EmailScheduler;
  /** Joins over HTTP and answers the stored member; a new member's browser keeps its session (cookieOf). */
  join(email: string, name?: string): Promise<StoredMember>;
  /** The session cookie the member's join set (their "joining browser"). */
  cookieOf(memberId: string): string;
  /** PATCH /api/me/email-settings in the member's joining browser. */
  settings(memberId: string, settings: EmailSettings): Promise<void>;
  /** Signs in in another browser with the code of a sign-in e-mail (the app's mailer sends it): confirms the address. */
  signInByCode(email: string): Promise<string>;
  /** Opens an e-mail's dashboard link in a fresh browser (POST /api/sign-in/link with its key): confirms the address. */
  openDashboardLink(link: string): Promise<string>;
  member(email: string): Promise<StoredMember>;
  delivery(memberId: string, kind: StoredEmailDelivery['kind']): Promise<StoredEmailDelivery | undefined>;
  /** Advances the clock minute by minute up to `until`, running the scheduler's check each minute. */
  tickUntil(until: string | Date): Promise<void>;
  /** Stops the scheduler and the server; the data directory stays when it was given. */
  close(): Promise<void>;
}

export interface HarnessOptions {
  mailer: Mailer;
  clock?: FakeClock;
  /** Reuse a data directory (restart tests). */
  dir?: string;
  /** Wire the app's e-mail hooks, join and points (default true); without them only the minute check sends. */
  hook?: boolean;
  /** Start the scheduler's own timer (default false: tests call tick). */
  start?: boolean;
  /** The scheduler's logger (silent by default). */
  logger?: Logger;
  /** Where the scheduler reports what it found due, as bin.ts wires it. */
  metrics?: Metrics;
}

/** A real SMTP transport to the test server; with `dkim`, every message signed as bin.ts would. */
export function smtpMailer(smtp: TestSmtp, dkim?: DkimConfig): Mailer {
  return new SmtpMailer(smtp.url, FROM, dkim ? { dkim: dkimOptions(dkim) } : {});
}

export async function startMailHarness(options: HarnessOptions): Promise<MailHarness> {
  const clock = options.clock ?? new FakeClock(START);
  // The hooks are wired before the scheduler exists (it needs the server's store and URL).
  const late: { scheduler?: EmailScheduler } = {};
  // The app sends its own e-mails (sign-in) through the same mailer, as bin.ts wires it.
  const server = await startTestServer({
    clock,
    mailer: options.mailer,
    ...(options.dir ? { dir: options.dir } : {}),
    ...(options.hook === false
      ? {}
      : {
          hooks: {
            memberJoined: (member: StoredMember) => late.scheduler?.memberJoined(member),
            pointsRaised: (memberId: string) => late.scheduler?.pointsRaised(memberId),
          },
        }),
  });
  const started = new EmailScheduler({
    store: server.store,
    clock,
    mailer: options.mailer,
    publicUrl: server.baseUrl,
    unsubscribeSecret: TEST_SECRET,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  late.scheduler = started;
  if (options.start) await started.start();
  const member = async (email: string): Promise<StoredMember> => {
    const found = await server.store.memberByEmail(email);
    if (!found) throw new Error(`no member ${email}`);
    return found;
  };
  const cookies = new Map<string, string>();
  const cookieOf = (memberId: string): string => {
    const cookie = cookies.get(memberId);
    if (!cookie) throw new Error(`no session for member ${memberId} in this harness`);
    return cookie;
  };
  return {
    server,
    clock,
    scheduler: started,
    member,
    join: async (email, name = 'Ada Peacemaker') => {
      const res = await call(server.baseUrl, 'POST', api.joinMovement.path, {
        body: { name, email, zipCode: '10001' },
      });
      if (res.status !== 201 && res.status !== 200) throw new Error(`join answered ${res.status}: ${res.text}`);
      const joined = await member(email);
      const cookie = memberCookieFrom(res);
      if (cookie) cookies.set(joined.id, cookie);
      return joined;
    },
    cookieOf,
    settings: async (memberId, settings) => {
      const res = await call(server.baseUrl, 'PATCH', api.updateEmailSettings.path, {
        body: settings,
        cookie: cookieOf(memberId),
      });
      if (res.status !== 200) throw new Error(`settings answered ${res.status}: ${res.text}`);
    },
    // A first proof ends the member's earlier sessions (the join's too): the new cookie is kept as theirs.
    signInByCode: async (email) => {
      const signedIn = await signInByCode(server, email);
      cookies.set(signedIn.member.id, signedIn.cookie);
      return signedIn.cookie;
    },
    openDashboardLink: async (link) => {
      const key = keyOfLink(link);
      if (!key) throw new Error(`not a dashboard link: ${link}`);
      const res = await call<{ id: string }>(server.baseUrl, 'POST', api.signInWithLink.path, { body: { token: key } });
      const cookie = memberCookieFrom(res);
      if (res.status !== 200 || !cookie) throw new Error(`the dashboard link answered ${res.status}: ${res.text}`);
      cookies.set(res.body.id, cookie);
      return cookie;
    },
    delivery: async (memberId, kind) => deliveryOf(await server.store.emailLog.deliveriesOf(memberId), kind),
    tickUntil: async (until) => {
      const end = new Date(until).getTime();
      while (clock.now().getTime() < end) {
        clock.advance(Math.min(60_000, end - clock.now().getTime()));
        await started.tick();
      }
    },
    close: async () => {
      await started.stop();
      await server.close();
    },
  };
}

/** `HH:MM` and date of an RFC 5322 Date header in a time zone. */
export function localOf(dateHeader: string | undefined, timeZone: string): string {
  const date = new Date(dateHeader ?? '');
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** The harnesses a test starts, each closed after it (the newest first) unless closed before. */
export interface MailHarnesses {
  /** Starts one with the file's mailer, unless the options name another. */
  start(options?: Partial<HarnessOptions>): Promise<MailHarness>;
  /** Closes one before its test ends, as a stop before a restart. */
  close(h: MailHarness): Promise<void>;
}

/**
 * For a test file whose tests each start the app, its store and the e-mail scheduler on a fake
 * clock (START): registers the afterEach that closes them. Call it after the file's own afterEach
 * (a mail server's close), so the harnesses close first.
 */
export function mailHarnessesPerTest(mailer: () => Mailer): MailHarnesses {
  const open: MailHarness[] = [];
  afterEach(async () => {
    for (const h of open.splice(0).reverse()) await h.close();
  });
  return {
    start: async (options = {}) => {
      const h = await startMailHarness({ mailer: mailer(), ...options });
      open.push(h);
      return h;
    },
    close: async (h) => {
      const at = open.indexOf(h);
      if (at >= 0) open.splice(at, 1);
      await h.close();
    },
  };
}

/** mailHarnessesPerTest with a recording mailer per harness, handed back with it. */
export function mailHarnessPerTest(): () => Promise<{ h: MailHarness; mail: TestMailer }> {
  const harnesses = mailHarnessesPerTest(testMailer);
  return async () => {
    const mail = testMailer();
    return { h: await harnesses.start({ mailer: mail }), mail };
  };
}
