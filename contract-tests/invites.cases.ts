/**
 * The contract suite's cases for invite links (docs/product/rules.md#invites,
 * docs/product/api.md#member-data): a visitor who joins through a member's code gives that member
 * +10, once per new member; joining again, an unknown code, or one's own code gives nothing. Run by
 * suite.ts against every target, with its rules: a fresh target per case, cookies always sent
 * explicitly.
 */
import { expect } from 'vitest';
import { POINTS, api, type JoinRequest } from '@prr/contract';
import {
  invalid,
  memberCookieLines,
  memberCookiePair,
  row,
  signInNeeded,
  type Case,
  type SignedIn,
  type World,
} from './world.js';

/**
 * Joins with a fresh address as a new member, with any of the join's optional fields (timezone,
 * invite), and answers their own view with the cookie the join set (World.join sends only the
 * required fields).
 */
export async function joinWith(w: World, fields: Partial<JoinRequest> = {}): Promise<SignedIn> {
  const json = { name: 'Casey Morgan', email: w.email(), zipCode: '10001', ...fields };
  const res = await w.call(api.joinMovement, { json });
  expect(res.status, `join answered ${JSON.stringify(res.body)}`).toBe(200);
  const cookie = memberCookiePair(res.headers);
  expect(cookie, "a new member's join sets the member cookie").toBeDefined();
  return { ...(await w.ok(api.me, { cookie })), cookie: cookie! };
}

/**
 * A friend who joined through `code` and then proved their address by code, which pays the
 * inviter's +10 (docs/product/rules.md#invites); the cookie is the proof's (the join's ended with it).
 */
export async function provedFriend(w: World, fields: Partial<JoinRequest>): Promise<SignedIn> {
  const joined = await joinWith(w, fields);
  const cookie = await w.signInByCode(joined.email);
  return { ...(await w.ok(api.me, { cookie })), cookie };
}

/** The inviter's points and friends joined, as their dashboard reads them. */
async function inviterStanding(w: World, cookie: string): Promise<{ points: number; friendsJoined: number }> {
  const [me, invite] = await Promise.all([w.ok(api.me, { cookie }), w.ok(api.invite, { cookie })]);
  return { points: me.levelProgressPoints, friendsJoined: invite.friendsJoined };
}

/** A member who joined in this case (World.lastMember) and their invite code. */
async function inviter(w: World): Promise<{ member: SignedIn; code: string }> {
  const member = await w.join({ name: 'Ada Park' });
  return { member, code: (await w.ok(api.invite, { cookie: member.cookie })).code };
}

const friend = (w: World, invite: string, email = w.email('friend')) => ({
  json: { name: 'Ben Ortiz', email, zipCode: '94110', invite },
});

const JOINED_ONLY = { points: POINTS.joinChallenge, friendsJoined: 0 };
const ONE_FRIEND = { points: POINTS.joinChallenge + POINTS.inviteFriend, friendsJoined: 1 };

export const inviteCases: Case[] = [
  row(
    api.invite,
    "answers a new member's code, the same on every ask, and no friends joined yet",
    (w) => w.asMember(),
    {
      status: 200,
      then: async (info, w) => {
        expect(info).toStrictEqual({
          code: expect.stringMatching(/^[A-Za-z0-9_-]+$/) as unknown as string,
          friendsJoined: 0,
        });
        expect(await w.ok(api.invite, { cookie: w.lastMember!.cookie })).toStrictEqual(info);
      },
    },
  ),
  row(api.invite, 'refuses a request without a session cookie', () => ({}), signInNeeded),

  row(
    api.joinMovement,
    "joins through a member's invite code: a new member, signed in; the inviter gets +10 and counts one friend",
    async (w) => friend(w, (await inviter(w)).code),
    {
      status: 200,
      then: async (body, w, res) => {
        expect(body).toStrictEqual({ joined: true });
        const cookie = memberCookiePair(res.headers);
        // The new member's own points are the join's alone.
        const joined = await w.ok(api.me, { cookie });
        expect(joined.levelProgressPoints).toBe(POINTS.joinChallenge);
        // The +10 waits for the friend to prove their address (a throwaway join pays nothing).
        expect(await inviterStanding(w, w.lastMember!.cookie)).toStrictEqual({ ...JOINED_ONLY, friendsJoined: 1 });
        await w.signInByCode(joined.email);
        expect(await inviterStanding(w, w.lastMember!.cookie)).toStrictEqual(ONE_FRIEND);
      },
    },
  ),
  row(
    api.joinMovement,
    'the same address through the code again gives the inviter nothing more and signs nobody in',
    async (w) => {
      const { code } = await inviter(w);
      const email = w.email('friend');
      await w.ok(api.joinMovement, friend(w, code, email));
      return friend(w, code, email.toUpperCase());
    },
    {
      status: 200,
      then: async (body, w, res) => {
        expect(body).toStrictEqual({ joined: true });
        expect(memberCookieLines(res.headers)).toEqual([]);
        expect(await inviterStanding(w, w.lastMember!.cookie)).toStrictEqual({ ...JOINED_ONLY, friendsJoined: 1 });
      },
    },
  ),
  row(
    api.joinMovement,
    'an address that was a member before it came through the code gives the inviter nothing',
    async (w) => {
      const existing = await w.join({ name: 'Ben Ortiz' });
      const { code } = await inviter(w);
      return friend(w, code, existing.email);
    },
    {
      status: 200,
      then: async (_body, w, res) => {
        expect(memberCookieLines(res.headers)).toEqual([]);
        expect(await inviterStanding(w, w.lastMember!.cookie)).toStrictEqual(JOINED_ONLY);
      },
    },
  ),
  row(
    api.joinMovement,
    'an unknown invite code is ignored: the visitor joins, and no member is credited',
    async (w) => {
      await inviter(w);
      return friend(w, 'no-such-code-0000');
    },
    {
      status: 200,
      then: async (_body, w, res) => {
        const cookie = memberCookiePair(res.headers);
        expect((await w.ok(api.me, { cookie })).levelProgressPoints).toBe(POINTS.joinChallenge);
        expect(await inviterStanding(w, w.lastMember!.cookie)).toStrictEqual(JOINED_ONLY);
      },
    },
  ),
  row(
    api.joinMovement,
    "the inviter's own address through their own code changes nothing",
    async (w) => {
      const { member, code } = await inviter(w);
      return friend(w, code, member.email);
    },
    {
      status: 200,
      then: async (_body, w, res) => {
        expect(memberCookieLines(res.headers)).toEqual([]);
        expect(await inviterStanding(w, w.lastMember!.cookie)).toStrictEqual(JOINED_ONLY);
      },
    },
  ),
  row(
    api.joinMovement,
    'refuses an invite code longer than 64 characters',
    (w) => friend(w, 'x'.repeat(65)),
    invalid({ invite: true }),
  ),
];
