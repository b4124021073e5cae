/**
 * The contract suite's cases for e-mail keys and signing out everywhere
 * (docs/decisions/025-e-mail-key-flow.md, docs/product/api.md#sign-in): a key opens once, checking
 * whose it is uses nothing up, and signing out everywhere ends every session and kills every key.
 * Run by suite.ts against every target, with its rules: a fresh target per case, cookies always
 * sent explicitly.
 */
import { expect } from 'vitest';
import { SIGN_IN_MESSAGES, api } from '@prr/contract';
import { memberCookiePair, refusedField, row, signInNeeded, type Case, type Flow, type World } from './world.js';

/** A new single-use key for the member; skips the case on a target that cannot make one. */
async function keyFor(w: World, memberId: string): Promise<string> {
  if (!w.target.emailKey) w.skip();
  return w.target.emailKey(memberId);
}

const linkExpired = refusedField('token', SIGN_IN_MESSAGES.linkExpired);

export const memberKeyCases: Case[] = [
  row(api.signOutEverywhere, 'signs the member out of every browser', (w) => w.asMember(), {
    status: 200,
    then: (body) => expect(body).toStrictEqual({ signedOut: true }),
  }),
  row(api.signOutEverywhere, 'refuses a request without a session cookie', () => ({}), signInNeeded),
  row(api.checkSignInLink, 'refuses a key that is no key', () => ({ json: { token: 'no-such-key' } }), linkExpired),
  row(
    api.checkSignInLink,
    "answers the key owner's first name, and that this browser is someone else",
    async (w) => {
      const member = await w.join({ name: 'Grace Hopper' });
      const other = await w.join({ name: 'Ada Lovelace' });
      return { json: { token: await keyFor(w, member.id) }, cookie: other.cookie };
    },
    { status: 200, then: (body) => expect(body).toStrictEqual({ firstName: 'Grace', sameMember: false }) },
  ),
  row(
    api.checkSignInLink,
    'answers sameMember when this browser is already signed in as the key owner',
    async (w) => {
      const member = await w.join({ name: 'Grace Hopper' });
      return { json: { token: await keyFor(w, member.id) }, cookie: member.cookie };
    },
    { status: 200, then: (body) => expect(body).toStrictEqual({ firstName: 'Grace', sameMember: true }) },
  ),
];

export const memberKeyFlows: Flow[] = [
  {
    title: 'an e-mail key opens once; checking it first uses nothing up',
    run: async (w) => {
      const member = await w.join({ name: 'Grace Hopper' });
      const token = await keyFor(w, member.id);
      for (let i = 0; i < 2; i += 1) {
        expect(await w.ok(api.checkSignInLink, { json: { token } })).toMatchObject({ firstName: 'Grace' });
      }
      const used = await w.call(api.signInWithLink, { json: { token } });
      expect(used.status, JSON.stringify(used.body)).toBe(200);
      const cookie = memberCookiePair(used.headers)!;
      expect((await w.ok(api.me, { cookie })).email).toBe(member.email);
      for (const route of [api.signInWithLink, api.checkSignInLink]) {
        const again = await w.call(route, { json: { token } });
        expect(again.status, `${route.path} after use`).toBe(400);
      }
    },
  },
  {
    title: 'sign out everywhere ends every session of the member and kills every key',
    run: async (w) => {
      const member = await w.join({ name: 'Grace Hopper' });
      const other = await w.join({ name: 'Ada Lovelace' });
      const token = await keyFor(w, member.id);
      const out = await w.call(api.signOutEverywhere, { cookie: member.cookie });
      expect(out.status, JSON.stringify(out.body)).toBe(200);
      expect(out.body).toStrictEqual({ signedOut: true });
      expect((await w.call(api.me, { cookie: member.cookie })).status).toBe(401);
      expect((await w.call(api.signInWithLink, { json: { token } })).status).toBe(400);
      expect((await w.call(api.checkSignInLink, { json: { token } })).status).toBe(400);
      // Another member's session is untouched.
      expect((await w.call(api.me, { cookie: other.cookie })).status).toBe(200);
    },
  },
];
