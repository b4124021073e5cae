/**
 * POST /join over real HTTP: the home page's join form before its script has loaded
 * (docs/product/api.md#outside-api). A form-encoded post joins as the JSON route does (the same
 * limits, e-mails and session) and is answered with a server-rendered page, never JSON.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVITE_PARAM, JOIN_FORM_PATH, JoinRequest, SIGN_IN_MESSAGES, api, fieldErrors } from '@prr/contract';
import { escapeMarkup } from '../src/markup.js';
import {
  JOIN,
  call,
  capturingLogger,
  joinAndSignIn,
  memberCookieFrom,
  persistedFingerprint,
  signInByCode,
  startTestServer,
  testMailer,
  testRateLimits,
  type Answer,
  type LogLine,
  type StartOptions,
  type TestMailer,
  type TestServer,
} from './helpers.js';
import { startMailHarness, type MailHarness } from './mail.helpers.js';

let h: MailHarness;
let mail: TestMailer;
let s: TestServer;
beforeAll(async () => {
  mail = testMailer();
  h = await startMailHarness({ mailer: mail });
  s = h.server;
});
afterAll(async () => {
  await h.close();
});

/** Servers a single test starts for its own configuration, closed after it. */
const ownServers: TestServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of ownServers.splice(0)) await server.close();
});
async function ownServer(options: StartOptions): Promise<TestServer> {
  const server = await startTestServer(options);
  ownServers.push(server);
  return server;
}

/** Posts the form as a browser does from a page of the site (its Origin), with more headers if given. */
function postForm(
  server: Pick<TestServer, 'baseUrl'>,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return call(server.baseUrl, 'POST', JOIN_FORM_PATH, {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseUrl, ...headers },
  });
}

function expectPage(answer: Answer, status: number): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('x-robots-tag')).toBe('noindex');
  expect(answer.text).toMatch(/^<!DOCTYPE html>/);
  expect(answer.text).not.toContain('<script');
}

/** The message the contract gives a field's value, as the JSON route answers it. */
function contractMessage(field: 'name' | 'email' | 'zipCode', value: string): string {
  const parsed = JoinRequest.safeParse({ ...JOIN, [field]: value });
  if (parsed.success) throw new Error(`the contract takes ${field} "${value}"`);
  return fieldErrors(parsed.error)[field]!.join(' ');
}

/** The <input> of a field in a page, as one tag. */
function inputOf(page: string, name: string): string {
  const tag = new RegExp(`<input [^>]*name="${name}"[^>]*>`).exec(page)?.[0];
  if (!tag) throw new Error(`no input ${name} in:\n${page}`);
  return tag;
}

async function inviteCode(email: string): Promise<{ code: string; memberId: string }> {
  await joinAndSignIn(s.baseUrl, { name: 'Ines Inviter', email, zipCode: '10001' });
  const signedIn = await signInByCode(s, email);
  const res = await call<{ code: string }>(s.baseUrl, 'GET', api.invite.path, { cookie: signedIn.cookie });
  expect(res.status).toBe(200);
  return { code: res.body.code, memberId: signedIn.member.id };
}

describe('a valid form', () => {
  it('answers the welcome page, stores the member with the state of the ZIP code, signs the browser in and sends the welcome e-mail', async () => {
    const answer = await postForm(s, JOIN);
    expectPage(answer, 200);
    expect(answer.text).toContain('<h1>Welcome to the movement!</h1>');
    expect(answer.text).toContain('<p>Thank you for joining us in fighting polarization and division.</p>');
    expect(answer.text).toContain('<a href="/dashboard">Go to your dashboard</a>');
    expect(answer.text).toContain('<a href="/">Back to the home page</a>');

    const member = await s.store.memberByEmail(JOIN.email);
    expect(member).toMatchObject({ name: JOIN.name, zipCode: JOIN.zipCode, state: 'Alabama' });
    expect(member?.invitedBy).toBeUndefined();
    const cookie = memberCookieFrom(answer);
    expect(cookie).toBeDefined();
    const me = await call<{ id: string }>(s.baseUrl, 'GET', api.me.path, { cookie: cookie! });
    expect(me.body.id).toBe(member?.id);

    await h.scheduler.idle();
    expect(mail.to(JOIN.email, 'welcome')).toHaveLength(1);
  });

  it('answers the same page for an address that has joined already, without signing the browser in', async () => {
    await postForm(s, { ...JOIN, email: 'twice@example.org' });
    const again = await postForm(s, { ...JOIN, email: 'twice@example.org', name: 'Someone Else' });
    expectPage(again, 200);
    expect(again.text).toContain('<h1>Welcome to the movement!</h1>');
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await s.store.memberByEmail('twice@example.org'))?.name).toBe(JOIN.name);
  });
});

describe('a form the contract refuses', () => {
  it('answers 400 naming each field to fix, with the form again as typed (escaped), and stores nothing', async () => {
    const before = await persistedFingerprint(s);
    const typed = { name: 'Ada <b>"Bold"</b>', email: 'not-an-email', zipCode: '' };
    const answer = await postForm(s, typed);
    expectPage(answer, 400);
    const page = answer.text;
    expect(page).toContain('<h1>Please check the form</h1>');
    expect(page).toContain(`Email: ${escapeMarkup(contractMessage('email', typed.email))}`);
    expect(page).toContain('Email: Invalid email address');
    expect(page).toContain(`Zip code: ${escapeMarkup(contractMessage('zipCode', ''))}`);
    expect(page).not.toContain('Name:');

    expect(page).toContain(`<form method="post" action="${JOIN_FORM_PATH}">`);
    expect(page).not.toContain('<b>');
    const name = inputOf(page, 'name');
    expect(name).toContain(`value="${escapeMarkup(typed.name)}"`);
    expect(name).toContain('required');
    expect(name).not.toContain('aria-invalid');
    const email = inputOf(page, 'email');
    expect(email).toContain('type="email"');
    expect(email).toContain('value="not-an-email"');
    expect(email).toContain('aria-invalid="true"');
    const described = /aria-describedby="([^"]+)"/.exec(email)?.[1];
    expect(page).toContain(`id="${described}">Invalid email address</p>`);
    expect(inputOf(page, 'zipCode')).toContain('aria-invalid="true"');
    for (const label of ['Name', 'Email', 'Zip code'])
      expect(page).toMatch(new RegExp(`<label for="[^"]+">${label}</label>`));

    expect(await persistedFingerprint(s)).toBe(before);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('gives an empty field the contract message for it', async () => {
    const answer = await postForm(s, { name: '  ', email: '', zipCode: '10001' });
    expectPage(answer, 400);
    expect(answer.text).toContain('Name: Please enter your name');
    expect(answer.text).toContain('Email: Invalid email address');
    expect(answer.text).not.toContain('Zip code:');
  });

  it('answers 400 with the form for a post without any field', async () => {
    const answer = await call(s.baseUrl, 'POST', JOIN_FORM_PATH, { headers: { Origin: s.baseUrl } });
    expectPage(answer, 400);
    expect(answer.text).toContain('Email: Invalid email address');
  });
});

describe('the invite code of the page the form was on', () => {
  it("records the inviter from a same-origin Referer's ?invite=", async () => {
    const { code, memberId } = await inviteCode('referer-inviter@example.org');
    const answer = await postForm(
      s,
      { ...JOIN, email: 'invited@example.org' },
      { Referer: `${s.baseUrl}/?${INVITE_PARAM}=${code}` },
    );
    expectPage(answer, 200);
    expect((await s.store.memberByEmail('invited@example.org'))?.invitedBy).toBe(memberId);
  });

  it("ignores another site's Referer, and a code the contract would refuse", async () => {
    const { code } = await inviteCode('foreign-inviter@example.org');
    const foreign = await postForm(
      s,
      { ...JOIN, email: 'foreign@example.org' },
      { Referer: `https://elsewhere.example/?${INVITE_PARAM}=${code}` },
    );
    expectPage(foreign, 200);
    expect((await s.store.memberByEmail('foreign@example.org'))?.invitedBy).toBeUndefined();

    const tooLong = await postForm(
      s,
      { ...JOIN, email: 'long-code@example.org' },
      { Referer: `${s.baseUrl}/?${INVITE_PARAM}=${'x'.repeat(65)}` },
    );
    expectPage(tooLong, 200);
    expect((await s.store.memberByEmail('long-code@example.org'))?.invitedBy).toBeUndefined();
  });

  it('keeps the code in the form shown again, so fixing a field does not lose the invite', async () => {
    const { code, memberId } = await inviteCode('kept-inviter@example.org');
    const refused = await postForm(
      s,
      { ...JOIN, email: 'kept@' },
      { Referer: `${s.baseUrl}/?${INVITE_PARAM}=${code}` },
    );
    expectPage(refused, 400);
    expect(refused.text).toContain(`<input type="hidden" name="${INVITE_PARAM}" value="${escapeMarkup(code)}">`);
    // The page shown again is /join's: its own address carries no code.
    const fixed = await postForm(
      s,
      { ...JOIN, email: 'kept@example.org', [INVITE_PARAM]: code },
      { Referer: `${s.baseUrl}${JOIN_FORM_PATH}` },
    );
    expectPage(fixed, 200);
    expect((await s.store.memberByEmail('kept@example.org'))?.invitedBy).toBe(memberId);
  });
});

describe('what stops a join', () => {
  it('answers the per-address limit as a 429 page with Retry-After, logged as the JSON route logs it', async () => {
    const lines: LogLine[] = [];
    const limited = await ownServer({
      logger: capturingLogger(lines),
      config: { rateLimits: testRateLimits({ joinPerAddress: { points: 1, duration: 3600 } }) },
    });
    expectPage(await postForm(limited, JOIN), 200);
    const refused = await postForm(limited, JOIN);
    expectPage(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).toContain(escapeMarkup(SIGN_IN_MESSAGES.tooManyForAddress));
    const events = lines.filter((line) => line.fields.event === 'rate-limited');
    expect(events).toMatchObject([{ level: 'warn', fields: { outcome: 'refused', limiter: 'join-address' } }]);
  });

  it('refuses a cross-site post with 403 (the same-origin check), storing nothing', async () => {
    const before = await persistedFingerprint(s);
    const answer = await postForm(
      s,
      { ...JOIN, email: 'cross-site@example.org' },
      { Origin: 'https://elsewhere.example' },
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'forbidden' } });
    expect(await persistedFingerprint(s)).toBe(before);
  });

  it('answers a body over the limit as a 413 page', async () => {
    const answer = await postForm(s, { ...JOIN, name: 'x'.repeat(40_000) });
    expectPage(answer, 413);
    expect(answer.text).toContain('The request body is too large');
  });

  it('answers a body of another type as a 415 page', async () => {
    const answer = await call(s.baseUrl, 'POST', JOIN_FORM_PATH, { body: JOIN, headers: { Origin: s.baseUrl } });
    expectPage(answer, 415);
  });

  it('logs an unexpected failure and answers a 500 page with a generic message, never the error', async () => {
    const lines: LogLine[] = [];
    const failing = await ownServer({ logger: capturingLogger(lines) });
    vi.spyOn(failing.store, 'write').mockRejectedValueOnce(new Error('disk on fire'));
    const answer = await postForm(failing, JOIN);
    expectPage(answer, 500);
    expect(answer.text).toContain('Something went wrong on our side. Please try again.');
    expect(answer.text).not.toContain('disk on fire');
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', fields: expect.objectContaining({ error: 'disk on fire' }) }),
    );
  });
});
