import { describe, expect, it } from 'vitest';
import { AdminMember } from '@prr/contract';
import { joinMovement } from '../src/members.js';
import { adminMemberView } from '../src/participants.js';
import { proveAddress } from '../src/proof.js';
import { isUndeliverable, markUndeliverable } from '../src/undeliverable.js';
import { UNKNOWN_ID, testStore } from './support.js';

const joined = new Date('2026-03-02T15:00:00Z');
const refusedAt = new Date('2026-03-03T14:00:00Z');
const ada = { name: 'Ada Lovelace', email: 'ada@example.org', zipCode: '10001' };

async function withMember() {
  const { store } = testStore();
  const { member } = await joinMovement(store, ada, joined);
  return { store, member };
}

describe('an undeliverable address (docs/product/rules.md#undeliverable-addresses)', () => {
  it('a refusal marks the member with its time and code; a later one keeps the first', async () => {
    const { store, member } = await withMember();
    expect(isUndeliverable(member)).toBe(false);
    expect(await markUndeliverable(store, member.id, refusedAt, 550)).toBe(true);
    const marked = (await store.memberById(member.id))!;
    expect(isUndeliverable(marked)).toBe(true);
    expect(marked).toMatchObject({ emailUndeliverableAt: '2026-03-03T14:00:00.000Z', emailUndeliverableCode: 550 });

    expect(await markUndeliverable(store, member.id, new Date('2026-03-04T14:00:00Z'), 553)).toBe(false);
    expect(await store.memberById(member.id)).toStrictEqual(marked);
    expect(await markUndeliverable(store, UNKNOWN_ID, refusedAt, 550)).toBe(false);
  });

  it('the admin sees it on the participant, in the contract shape, and nothing while mail is delivered', async () => {
    const { store, member } = await withMember();
    expect(adminMemberView(member)).not.toHaveProperty('emailUndeliverable');
    await markUndeliverable(store, member.id, refusedAt, 550);
    const view = adminMemberView((await store.memberById(member.id))!);
    expect(AdminMember.parse(view)).toStrictEqual(view);
    expect(view.emailUndeliverable).toStrictEqual({ since: '2026-03-03T14:00:00.000Z', smtpCode: 550 });
  });

  it("the member's first proof of the address takes the mark away in the same write, and confirms it", async () => {
    const { store, member } = await withMember();
    expect(member.emailConfirmed).toBe(false);
    await markUndeliverable(store, member.id, refusedAt, 550);
    const proof = await proveAddress(store, member.id, refusedAt);
    expect(proof.firstProof).toBe(true);
    const after = (await store.memberById(member.id))!;
    expect(proof.member).toStrictEqual(after);
    expect(after.emailConfirmed).toBe(true);
    expect(isUndeliverable(after)).toBe(false);
    expect(Object.keys(after)).not.toContain('emailUndeliverableAt');
    expect(Object.keys(after)).not.toContain('emailUndeliverableCode');
  });

  it('a later proof (the address was confirmed before it bounced) takes it away too, and is no first proof', async () => {
    const { store, member } = await withMember();
    await proveAddress(store, member.id, joined);
    const confirmed = (await store.memberById(member.id))!;
    await markUndeliverable(store, member.id, refusedAt, 552);
    const proof = await proveAddress(store, member.id, refusedAt);
    expect(proof.firstProof).toBe(false);
    expect(await store.memberById(member.id)).toStrictEqual(confirmed);
    expect(proof.member).toStrictEqual(confirmed);
    // Proving an address that was never marked changes nothing.
    expect(await proveAddress(store, member.id, refusedAt)).toStrictEqual({ member: confirmed, firstProof: false });
  });
});
