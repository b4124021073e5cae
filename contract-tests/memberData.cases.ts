/**
 * The contract suite's cases for the member's own data (docs/product/rules.md#the-members-data,
 * docs/product/api.md#member-data): 'Download my data' answers everything stored about the member
 * as a JSON download, and 'Delete my account' removes all of it and ends the session, after which
 * the address is unknown to sign-in. Run by suite.ts against every target, with its rules: a fresh
 * target per case, no seeded members assumed, cookies always sent explicitly. The targets give no
 * access to their stores: what is gone is checked over HTTP, through the admin's member list and
 * the member's own reads after the address joins again.
 */
import { expect } from 'vitest';
import { MEMBER_SESSION_COOKIE, POINTS, REMINDER_DEFAULTS, api } from '@prr/contract';
import { joinWith, provedFriend } from './invites.cases.js';
import { reflection, ripple } from './memberPromises.cases.js';
import {
  allMembers,
  cookieAttributes,
  memberCookieLines,
  notFound,
  row,
  signInNeeded,
  type Case,
  type Flow,
  type SignedIn,
  type World,
} from './world.js';

export const MEMBER_EXPORT_FILENAME = 'pause-reflect-retry-my-data.json';

/** A member with a reflection, a ripple effect and a friend who joined through their link and proved their address. */
async function busyMember(w: World): Promise<{ member: SignedIn; friend: SignedIn }> {
  const member = await joinWith(w, { name: 'Ada Park', zipCode: '94110', timezone: 'Europe/London' });
  await w.ok(api.saveReflection, { cookie: member.cookie, json: reflection() });
  await w.ok(api.recordRippleEffect, { cookie: member.cookie, json: ripple() });
  const { code } = await w.ok(api.invite, { cookie: member.cookie });
  const friend = await provedFriend(w, { name: 'Ben Ortiz', invite: code });
  return { member, friend };
}

async function expectSignInNeeded(w: World, cookie: string): Promise<void> {
  const res = await w.call(api.me, { cookie });
  expect(res.status, `GET /api/me answered ${JSON.stringify(res.body)}`).toBe(signInNeeded.status);
  expect(res.body).toStrictEqual({ error: { code: signInNeeded.code, message: signInNeeded.message } });
}

/** POST /api/sign-in for an address: 404 'Member not found', as for an address nobody joined with. */
async function expectUnknownToSignIn(w: World, email: string): Promise<void> {
  const res = await w.call(api.requestSignIn, { json: { email } });
  expect(res.status, `sign-in answered ${JSON.stringify(res.body)}`).toBe(notFound.status);
  expect(res.body).toStrictEqual({ error: { code: notFound.code, message: 'Member not found' } });
}

export const memberDataCases: Case[] = [
  row(
    api.exportMyData,
    'answers everything stored about the member, as a JSON file to save, never cached',
    async (w) => {
      const { member } = await busyMember(w);
      w.lastMember = member;
      return { cookie: member.cookie };
    },
    {
      status: 200,
      then: async (data, w, res) => {
        const member = w.lastMember!;
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${MEMBER_EXPORT_FILENAME}"`);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(Date.parse(data.exportedAt)).not.toBeNaN();
        expect(data.profile).toStrictEqual({
          id: member.id,
          name: 'Ada Park',
          email: member.email,
          zipCode: '94110',
          state: 'California',
          joinedAt: expect.any(String) as unknown as string,
          isActive: true,
          points: POINTS.joinChallenge + POINTS.dailyReflection + POINTS.inviteFriend,
          peacemakerLevel: 'Explorer',
          friendsJoined: 1,
          afterExperiment: null,
        });
        expect(data.emailSettings).toStrictEqual({ ...REMINDER_DEFAULTS, timezone: 'Europe/London' });
        // The same records the member's own reads answer.
        expect(data.reflections).toStrictEqual(await w.ok(api.reflections, { cookie: member.cookie }));
        expect(data.reflections).toHaveLength(1);
        expect(data.rippleEffects).toStrictEqual(await w.ok(api.rippleEffects, { cookie: member.cookie }));
        expect(data.rippleEffects).toHaveLength(1);
        expect(data.achievements).toStrictEqual([]);
        expect(data.stories).toStrictEqual([]);
      },
    },
  ),
  row(api.exportMyData, 'refuses a request without a session cookie', () => ({}), signInNeeded),

  row(api.deleteAccount, 'deletes the member, clears the session cookie and ends the session', (w) => w.asMember(), {
    status: 200,
    then: async (body, w, res) => {
      expect(body).toStrictEqual({ deleted: true });
      const lines = memberCookieLines(res.headers);
      expect(lines).toHaveLength(1);
      const attributes = cookieAttributes(lines[0]);
      expect(attributes[0]).toBe(`${MEMBER_SESSION_COOKIE}=`);
      expect(attributes).toContain('max-age=0');
      const member = w.lastMember!;
      await expectSignInNeeded(w, member.cookie);
      await expectUnknownToSignIn(w, member.email);
    },
  }),
  row(api.deleteAccount, 'refuses a request without a session cookie', () => ({}), signInNeeded),
];

export const memberDataFlows: Flow[] = [
  {
    title:
      "deleting an account removes the member from the admin's list, ends every session of theirs, and their address joins again as a new member with nothing of before",
    async run(w) {
      const { member, friend } = await busyMember(w);
      // The first proof ends the join's session; the two after it are the member's own browsers.
      const oneBrowser = await w.signInByCode(member.email);
      const otherBrowser = await w.signInByCode(member.email);
      expect(await w.ok(api.deleteAccount, { cookie: oneBrowser })).toStrictEqual({ deleted: true });

      await expectSignInNeeded(w, oneBrowser);
      await expectSignInNeeded(w, otherBrowser);
      await expectUnknownToSignIn(w, member.email);
      const admin = await w.login();
      const listed = await allMembers(w, admin);
      expect(listed.find((m) => m.id === member.id || m.email === member.email)).toBeUndefined();
      // The friend they invited stays a member, signed in as before.
      expect(listed.find((m) => m.id === friend.id)).toBeDefined();
      expect((await w.ok(api.me, { cookie: friend.cookie })).id).toBe(friend.id);

      // The address is free: it joins as someone new, with none of the old data.
      const again = await joinWith(w, { name: 'Ada Park', email: member.email });
      expect(again.id).not.toBe(member.id);
      expect(again.levelProgressPoints).toBe(POINTS.joinChallenge);
      const exported = await w.ok(api.exportMyData, { cookie: again.cookie });
      expect(exported).toMatchObject({
        reflections: [],
        achievements: [],
        rippleEffects: [],
        stories: [],
        profile: { friendsJoined: 0, points: POINTS.joinChallenge },
      });
      expect(JSON.stringify(exported)).not.toContain(member.id);
    },
  },
  {
    title: "a deleted invitee no longer counts among the inviter's friends; the inviter's +10 stays",
    async run(w) {
      const { member, friend } = await busyMember(w);
      expect((await w.ok(api.invite, { cookie: member.cookie })).friendsJoined).toBe(1);
      await w.ok(api.deleteAccount, { cookie: friend.cookie });
      expect((await w.ok(api.invite, { cookie: member.cookie })).friendsJoined).toBe(0);
      expect((await w.ok(api.me, { cookie: member.cookie })).levelProgressPoints).toBe(
        POINTS.joinChallenge + POINTS.dailyReflection + POINTS.inviteFriend,
      );
    },
  },
];
