import { describe, expect, it } from 'vitest';
import { InviteInfo, POINTS } from '@prr/contract';
import { inviterOf } from '../src/inviteCodes.js';
import { INVITE_CREDITS_PER_DAY, inviteInfo } from '../src/invites.js';
import { joinMovement, memberView } from '../src/members.js';
import { proveAddress } from '../src/proof.js';
import { UNKNOWN_ID, testStore } from './support.js';

const now = new Date('2026-03-02T15:00:00Z');
const ann = { name: 'Ann Lee', email: 'ann@example.org', zipCode: '10001' };
const ben = { name: 'Ben Ortiz', email: 'ben@example.org', zipCode: '94110' };

async function withInviter() {
  const { store, data } = testStore();
  const { member: inviter } = await joinMovement(store, ann, now);
  return { store, data, inviter, code: inviter.inviteCode! };
}

const pointsOf = async (store: Awaited<ReturnType<typeof withInviter>>['store'], id: string) =>
  (await store.memberById(id))?.points;

describe('joining through an invite code', () => {
  it("makes the new member the inviter's invitee; the +10 waits for the friend's first proof, and comes once", async () => {
    const { store, inviter, code } = await withInviter();
    const { member, created } = await joinMovement(store, { ...ben, invite: code }, now);
    expect(created).toBe(true);
    expect(member.invitedBy).toBe(inviter.id);
    expect(member.inviteCredit).toBe('pending');
    expect((await store.memberById(member.id))?.invitedBy).toBe(inviter.id);
    expect(await pointsOf(store, inviter.id)).toBe(POINTS.joinChallenge);

    const proof = await proveAddress(store, member.id, now);
    expect(proof).toMatchObject({ firstProof: true, creditedInviterId: inviter.id });
    expect(proof.member.inviteCredit).toBe('paid');
    const after = (await store.memberById(inviter.id))!;
    expect(after.points).toBe(POINTS.joinChallenge + POINTS.inviteFriend);
    expect(memberView(after, now).levelProgressPoints).toBe(35);
    // The invitee's own points are the join's, nothing more.
    expect((await store.memberById(member.id))?.points).toBe(POINTS.joinChallenge);

    // A second proof is no first proof: nothing more for anyone.
    expect(await proveAddress(store, member.id, now)).toMatchObject({ firstProof: false });
    expect(await pointsOf(store, inviter.id)).toBe(POINTS.joinChallenge + POINTS.inviteFriend);
  });

  it('gives +10 for every friend who proves their address, and nothing when the same address joins again', async () => {
    const { store, inviter, code } = await withInviter();
    const { member: first } = await joinMovement(store, { ...ben, invite: code }, now);
    const again = await joinMovement(store, { ...ben, email: ' BEN@example.org', invite: code }, now);
    expect(again.created).toBe(false);
    const { member: second } = await joinMovement(store, { ...ben, email: 'cleo@example.org', invite: code }, now);
    await joinMovement(store, { ...ben, email: 'never-proves@example.org', invite: code }, now);
    await proveAddress(store, first.id, now);
    await proveAddress(store, second.id, now);
    expect(await pointsOf(store, inviter.id)).toBe(POINTS.joinChallenge + 2 * POINTS.inviteFriend);
    expect(await store.invitedCount(inviter.id)).toBe(3);
  });

  it(`counts at most ${INVITE_CREDITS_PER_DAY} friends a UTC day; the next UTC day counts again`, async () => {
    const { store, inviter, code } = await withInviter();
    const friends = [];
    for (let i = 0; i < INVITE_CREDITS_PER_DAY + 2; i += 1) {
      friends.push((await joinMovement(store, { ...ben, email: `friend${i}@example.org`, invite: code }, now)).member);
    }
    const endOfDay = new Date('2026-03-02T23:59:59.999Z');
    for (const friend of friends.slice(0, INVITE_CREDITS_PER_DAY + 1)) await proveAddress(store, friend.id, endOfDay);
    expect(await pointsOf(store, inviter.id)).toBe(POINTS.joinChallenge + INVITE_CREDITS_PER_DAY * POINTS.inviteFriend);
    // Past the cap: that friend never pays, even on a later day.
    expect((await store.memberById(friends[INVITE_CREDITS_PER_DAY]!.id))?.inviteCredit).toBe('over-cap');
    const nextDay = new Date('2026-03-03T00:00:00.000Z');
    expect(await proveAddress(store, friends[INVITE_CREDITS_PER_DAY + 1]!.id, nextDay)).toMatchObject({
      creditedInviterId: inviter.id,
    });
    expect(await pointsOf(store, inviter.id)).toBe(
      POINTS.joinChallenge + (INVITE_CREDITS_PER_DAY + 1) * POINTS.inviteFriend,
    );
  });

  it('a member from before this rule (no inviteCredit: paid at the join) pays nothing again at proof', async () => {
    const { store, data, inviter, code } = await withInviter();
    const { member } = await joinMovement(store, { ...ben, invite: code }, now);
    delete data.members.find((m) => m.id === member.id)!.inviteCredit;
    expect(await proveAddress(store, member.id, now)).toStrictEqual({
      member: expect.objectContaining({ id: member.id, emailConfirmed: true }) as unknown,
      firstProof: true,
    });
    expect(await pointsOf(store, inviter.id)).toBe(POINTS.joinChallenge);
  });

  it('gives nothing when the address was already a member before it came through the link', async () => {
    const { store, inviter, code } = await withInviter();
    const { member: existing } = await joinMovement(store, ben, now);
    const again = await joinMovement(store, { ...ben, invite: code }, now);
    expect(again).toStrictEqual({ member: existing, created: false });
    expect((await store.memberById(existing.id))?.invitedBy).toBeUndefined();
    expect((await store.memberById(inviter.id))?.points).toBe(POINTS.joinChallenge);
  });

  it('gives nothing when the inviter joins again through their own link', async () => {
    const { store, inviter, code } = await withInviter();
    const again = await joinMovement(store, { ...ann, invite: code }, now);
    expect(again.created).toBe(false);
    expect((await store.memberById(inviter.id))?.points).toBe(POINTS.joinChallenge);
    expect(await store.invitedCount(inviter.id)).toBe(0);
  });

  it('ignores an unknown or empty code: the join goes on without an inviter', async () => {
    const { store, data, inviter } = await withInviter();
    for (const [i, invite] of ['no-such-code', ''].entries()) {
      const { member, created } = await joinMovement(store, { ...ben, email: `friend${i}@example.org`, invite }, now);
      expect(created).toBe(true);
      expect(member.invitedBy).toBeUndefined();
    }
    expect(data.members.map((m) => m.points)).toStrictEqual([25, 25, 25]);
    expect((await store.memberById(inviter.id))?.points).toBe(POINTS.joinChallenge);
  });
});

describe('inviterOf', () => {
  it("never names the joining address's own member, in any case of the address", async () => {
    const { store, inviter, code } = await withInviter();
    expect(await inviterOf(store, code, ' ANN@example.org ')).toBeUndefined();
    expect((await inviterOf(store, code, ben.email))?.id).toBe(inviter.id);
    expect(await inviterOf(store, undefined, ben.email)).toBeUndefined();
  });
});

describe('inviteInfo', () => {
  it("answers the member's code and how many friends joined through it", async () => {
    const { store, inviter, code } = await withInviter();
    expect(await inviteInfo(store, inviter.id)).toStrictEqual({ code, friendsJoined: 0 });
    await joinMovement(store, { ...ben, invite: code }, now);
    const info = await inviteInfo(store, inviter.id);
    expect(InviteInfo.parse(info)).toStrictEqual({ code, friendsJoined: 1 });
  });

  it('gives a member from before invites a code on the first ask, stores it, and answers the same one after', async () => {
    const { store, data, inviter } = await withInviter();
    delete data.members[0]!.inviteCode;
    const first = await inviteInfo(store, inviter.id);
    expect(first.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect((await store.memberById(inviter.id))?.inviteCode).toBe(first.code);
    expect(await inviteInfo(store, inviter.id)).toStrictEqual(first);
    // The stored code works as a link at once.
    const { member } = await joinMovement(store, { ...ben, invite: first.code }, now);
    expect(member.invitedBy).toBe(inviter.id);
  });

  it('answers not_found for an unknown member', async () => {
    const { store } = await withInviter();
    await expect(inviteInfo(store, UNKNOWN_ID)).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('keeps counting the invitees the inviter has while it lasts: a deleted invitee no longer counts', async () => {
    const { store, inviter, code } = await withInviter();
    const { member } = await joinMovement(store, { ...ben, invite: code }, now);
    await proveAddress(store, member.id, now);
    await store.deleteMember(member.id);
    expect((await inviteInfo(store, inviter.id)).friendsJoined).toBe(0);
    // The +10 was for the friend's proof; it stays.
    expect((await store.memberById(inviter.id))?.points).toBe(35);
  });
});
