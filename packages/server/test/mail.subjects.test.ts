/**
 * Nobody can use the join form to put words in a Subject (docs/product/rules.md#validation):
 * every Subject the site sends is its own fixed text, never a name a visitor typed. A name with a
 * web address or a control character is refused at the join, so nothing is sent; a name stored
 * before those refusals still reaches the body only, without its control characters.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_LINK_DAYS, SIGN_IN_MINUTES, TEXT_MESSAGES, api, hasUnsafeCharacters } from '@prr/contract';
import { promptForDay } from '@prr/domain';
import { levelUpMessage, reflectionMessage, signInMessage, welcomeMessage } from '../src/mail/messages.js';
import { call } from './helpers.js';
import { smtpMailer, startMailHarness, startSmtp, type MailHarness, type TestSmtp } from './mail.helpers.js';

const HOSTILE_NAMES = [
  'https://evil.example/claim-your-prize',
  'www.evil.example',
  'evil.example/claim-your-prize now',
  'Ada\u001b[31m',
  'Ada\u0007',
  'Ada\r\nX-Prize: yes',
  'Ada\u202eecnalevoL',
];

/** A member, the links an e-mail carries, and a prompt, for messages built without a server. */
const RECIPIENT = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  reminderTime: '09:00',
  timezone: 'America/New_York' as const,
};
const ctx = {
  publicUrl: 'https://peace.test',
  unsubscribeUrl: 'https://peace.test/u',
  dashboardUrl: 'https://peace.test/d',
};
const prompt = promptForDay(2)!;

let smtp: TestSmtp;
let h: MailHarness | undefined;
beforeEach(async () => {
  smtp = await startSmtp();
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  await smtp.close();
});

describe('Subject lines hold no text a visitor typed', () => {
  it.each(HOSTILE_NAMES)('a join named %j is refused with the field message, and nothing is mailed', async (name) => {
    const harness = await startMailHarness({ mailer: smtpMailer(smtp) });
    h = harness;
    const res = await call<{ error: { fields?: Record<string, string[]> } }>(
      harness.server.baseUrl,
      'POST',
      api.joinMovement.path,
      { body: { name, email: 'stranger@example.org', zipCode: '10001' } },
    );
    expect(res.status).toBe(400);
    const expected = hasUnsafeCharacters(name) ? TEXT_MESSAGES.unsafeCharacters : TEXT_MESSAGES.webAddressInName;
    expect(res.body.error.fields?.name).toEqual([expected]);
    await harness.scheduler.idle();
    expect(await harness.server.store.memberByEmail('stranger@example.org')).toBeUndefined();
    expect(smtp.attempts).toBe(0);
  });

  it('a name stored before the refusals reaches no Subject, and the body only without its control characters', async () => {
    const harness = await startMailHarness({ mailer: smtpMailer(smtp), hook: false });
    h = harness;
    const member = await harness.join('ada@example.org', 'Ada Lovelace');
    await harness.server.store.write((tx) =>
      tx.updateMember(member.id, { name: 'https://evil.example/claim-your-prize\u001b Ada' }),
    );
    await harness.tickUntil(new Date(harness.clock.now().getTime() + 60_000));
    await harness.scheduler.idle();
    const signIn = await call(harness.server.baseUrl, 'POST', api.requestSignIn.path, {
      body: { email: 'ada@example.org' },
    });
    expect(signIn.status).toBe(200);

    const mails = smtp.received.map((r) => r.mail);
    expect(mails.map((m) => m.header('subject'))).toEqual([
      'Welcome to the movement: your 90 days begin today',
      `Your first reflection: ${promptForDay(1)?.title}`,
      expect.stringMatching(/^Your sign-in code: \d{6}$/),
    ]);
    for (const raw of smtp.received.map((r) => r.raw)) expect(raw).not.toContain('\u001b');
    expect(mails[0]?.text).toContain('Welcome, https://evil.example/claim-your-prize.');
  });

  it('with a hostile name, every kind of e-mail keeps a fixed Subject', () => {
    const recipient = { ...RECIPIENT, name: 'https://evil.example/claim-your-prize\u0007' };
    const subjects = [
      welcomeMessage(recipient, ctx),
      reflectionMessage(recipient, ctx, prompt),
      reflectionMessage(recipient, ctx, prompt, 95),
      levelUpMessage(recipient, ctx, 'Agent'),
      signInMessage(recipient, {
        publicUrl: ctx.publicUrl,
        code: '123456',
        linkUrl: 'https://peace.test/l',
        minutes: 10,
      }),
    ].map((m) => m.subject);
    for (const subject of subjects) {
      expect(subject).not.toMatch(/evil|https?:/);
      expect(hasUnsafeCharacters(subject)).toBe(false);
    }
  });
});

describe('every e-mail that carries a key says what it does', () => {
  it(`the welcome, the daily reflections and the level-up say their button opens the dashboard once, within ${EMAIL_LINK_DAYS} days`, () => {
    const keyed = [
      welcomeMessage(RECIPIENT, ctx),
      reflectionMessage(RECIPIENT, ctx, prompt),
      reflectionMessage(RECIPIENT, ctx, prompt, 95),
      levelUpMessage(RECIPIENT, ctx, 'Agent'),
    ];
    for (const message of keyed) {
      expect(message.text, message.subject).toMatch(
        new RegExp(`opens your dashboard once, within ${EMAIL_LINK_DAYS} days`),
      );
      expect(message.html, message.subject).toMatch(
        new RegExp(`opens your dashboard once, within ${EMAIL_LINK_DAYS} days`),
      );
    }
    const signIn = signInMessage(RECIPIENT, {
      publicUrl: ctx.publicUrl,
      code: '123456',
      linkUrl: 'https://peace.test/l',
      minutes: SIGN_IN_MINUTES,
    });
    expect(signIn.text).toContain(`The code and the link work once, for ${SIGN_IN_MINUTES} minutes.`);
  });
});
