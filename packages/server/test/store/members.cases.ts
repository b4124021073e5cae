/** The store suite (setup.ts): Members: the seed, joins, look-ups, updates, invites, deletion and the member fields of later releases. */
import { randomUUID } from 'node:crypto';
import { AdminMemberFilter } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import { markUndeliverable, memberSearch, proveAddress } from '@prr/domain';
import { DAY, at, member, descendingIds, readSeed, type SuiteContext } from './setup.js';

export function memberCases(ctx: SuiteContext): void {
  const { store, insertMembers, write } = ctx;

  describe('seed', () => {
    it('is the kind it was opened as', () => {
      expect(store.kind).toBe(ctx.name);
    });

    it("has db.json's 50 states in the seed's order", async () => {
      const seed = readSeed();
      const states = await store.states();
      expect(states).toHaveLength(50);
      expect(states).toStrictEqual(seed.states);
    });

    it("has db.json's products and testimonials, a testimonial without avatarUrl having no such key", async () => {
      const seed = readSeed();
      expect(await store.products()).toStrictEqual(seed.products);
      const testimonials = await store.testimonials();
      expect(testimonials).toStrictEqual(seed.testimonials);
      const withoutAvatar = seed.testimonials.filter((t) => !('avatarUrl' in t)).map((t) => t.id);
      expect(withoutAvatar.length).toBeGreaterThan(0);
      for (const t of testimonials.filter((t) => withoutAvatar.includes(t.id)))
        expect(Object.keys(t)).not.toContain('avatarUrl');
    });

    it('has no members and no admins', async () => {
      expect(await store.memberCount()).toBe(0);
      expect(await store.membersNewestFirst()).toStrictEqual([]);
      expect(await store.admins()).toStrictEqual([]);
      expect(await store.activeMembersByState()).toEqual(new Map());
    });
  });

  describe('members', () => {
    it('inserts a member, read back by id and by e-mail in another case with spaces', async () => {
      const ada = member({
        name: 'Ada Lovelace',
        email: 'Ada.Lovelace@Example.org',
        zipCode: '94103',
        state: 'California',
      });
      expect(await store.write((tx) => tx.insertMember(ada))).toBe(true);

      expect(await store.memberById(ada.id)).toStrictEqual(ada);
      expect(await store.memberByEmail('  ada.lovelace@EXAMPLE.ORG \t')).toStrictEqual(ada);
      expect(await store.memberByEmail('Ada.Lovelace@Example.org')).toStrictEqual(ada);
      expect(await store.memberById(randomUUID())).toBeUndefined();
      expect(await store.memberById('not-a-uuid')).toBeUndefined();
      expect(await store.memberByEmail('someone.else@example.org')).toBeUndefined();
    });

    it('refuses a second member with the same e-mail in another case and spacing, writing nothing', async () => {
      const ada = member({ email: 'Ada.Lovelace@Example.org' });
      await insertMembers(ada);

      const twin = member({ name: 'Ada Twin', email: 'ADA.LOVELACE@example.ORG' });
      expect(await store.write((tx) => tx.insertMember(twin))).toBe(false);
      const spaced = member({ name: 'Ada Spaced', email: '  ada.lovelace@example.org  ' });
      expect(await store.write((tx) => tx.insertMember(spaced))).toBe(false);

      expect(await store.memberCount()).toBe(1);
      expect(await store.memberById(twin.id)).toBeUndefined();
      expect(await store.memberById(spaced.id)).toBeUndefined();
      expect(await store.memberByEmail('ada.lovelace@example.org')).toStrictEqual(ada);
      expect(await store.membersNewestFirst()).toStrictEqual([ada]);
    });

    it('a refused duplicate does not spoil the rest of its transaction', async () => {
      const ada = member({ email: 'ada@example.org' });
      await insertMembers(ada);
      const other = member();
      const result = await store.write(async (tx) => [
        await tx.insertMember(member({ email: 'ADA@example.org' })),
        await tx.insertMember(other),
      ]);
      expect(result).toEqual([false, true]);
      expect(await store.memberById(other.id)).toStrictEqual(other);
      expect(await store.memberCount()).toBe(2);
    });

    it('updateMember changes the patched fields only', async () => {
      const m = member();
      const bystander = member();
      await insertMembers(m, bystander);
      await write((tx) =>
        tx.updateMember(m.id, {
          name: 'Jordan R.',
          zipCode: '60601',
          state: 'Illinois',
          reminderTime: '18:00',
          timezone: 'America/Chicago',
          emailReminders: false,
          points: 120,
          level: 'Explorer',
        }),
      );
      expect(await store.memberById(m.id)).toStrictEqual({
        ...m,
        name: 'Jordan R.',
        zipCode: '60601',
        state: 'Illinois',
        reminderTime: '18:00',
        timezone: 'America/Chicago',
        emailReminders: false,
        points: 120,
        level: 'Explorer',
      });
      await write((tx) => tx.updateMember(m.id, { isActive: false }));
      expect(await store.memberById(m.id)).toMatchObject({ isActive: false, points: 120, name: 'Jordan R.' });
      expect(await store.memberById(bystander.id)).toStrictEqual(bystander);
      // An unknown member: nothing happens, nothing throws.
      await write((tx) => tx.updateMember(randomUUID(), { points: 5 }));
      expect(await store.memberCount()).toBe(2);
    });

    it('emailConfirmed round-trips: false and true as inserted, and changed by updateMember alone', async () => {
      const unconfirmed = member({ emailConfirmed: false });
      const confirmed = member({ emailConfirmed: true });
      await insertMembers(unconfirmed, confirmed);
      expect(await store.memberById(unconfirmed.id)).toStrictEqual(unconfirmed);
      expect((await store.memberById(unconfirmed.id))?.emailConfirmed).toBe(false);
      expect(await store.memberByEmail(unconfirmed.email)).toStrictEqual(unconfirmed);
      expect(await store.memberById(confirmed.id)).toStrictEqual(confirmed);
      expect(await store.membersNewestFirst()).toStrictEqual([confirmed, unconfirmed]);

      await write((tx) => tx.updateMember(unconfirmed.id, { emailConfirmed: true }));
      expect(await store.memberById(unconfirmed.id)).toStrictEqual({ ...unconfirmed, emailConfirmed: true });
      await write((tx) => tx.updateMember(confirmed.id, { emailConfirmed: false }));
      expect(await store.memberById(confirmed.id)).toStrictEqual({ ...confirmed, emailConfirmed: false });
      // Other patches leave it as it is.
      await write((tx) => tx.updateMember(confirmed.id, { points: 40, level: 'Explorer' }));
      expect(await store.memberById(confirmed.id)).toStrictEqual({
        ...confirmed,
        emailConfirmed: false,
        points: 40,
        level: 'Explorer',
      });
    });

    it('a write that throws undoes an emailConfirmed change', async () => {
      const m = member({ emailConfirmed: false });
      await insertMembers(m);
      const boom = new Error('changed my mind');
      await expect(
        store.write(async (tx) => {
          await tx.updateMember(m.id, { emailConfirmed: true });
          expect((await tx.memberById(m.id))?.emailConfirmed).toBe(true);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await store.memberById(m.id)).toStrictEqual(m);
    });

    it('an undeliverable mark persists, is kept by other patches, and goes with the proof that clears it (null)', async () => {
      const m = member({ emailConfirmed: false });
      const marked = member({ emailUndeliverableAt: at(-DAY), emailUndeliverableCode: 552 });
      await insertMembers(m, marked);
      expect(await store.memberById(marked.id)).toStrictEqual(marked);
      expect(await store.memberByEmail(marked.email)).toStrictEqual(marked);

      expect(await store.write((tx) => markUndeliverable(tx, m.id, new Date(at()), 550))).toBe(true);
      const refused = { ...m, emailUndeliverableAt: at(), emailUndeliverableCode: 550 };
      expect(await store.memberById(m.id)).toStrictEqual(refused);
      expect(await store.membersNewestFirst()).toStrictEqual([marked, refused]);
      // A second refusal keeps the first one's time and code; other patches leave the mark alone.
      expect(await store.write((tx) => markUndeliverable(tx, m.id, new Date(at(DAY)), 551))).toBe(false);
      await write((tx) => tx.updateMember(m.id, { points: 40, level: 'Explorer' }));
      expect(await store.memberById(m.id)).toStrictEqual({ ...refused, points: 40, level: 'Explorer' });

      // Proving the address clears it in the same write as the confirmation; the other member keeps theirs.
      const proof = await store.write((tx) => proveAddress(tx, m.id, new Date(at(DAY))));
      const proved = { ...m, emailConfirmed: true, points: 40, level: 'Explorer' };
      expect(proof.member).toStrictEqual(proved);
      expect(await store.memberById(m.id)).toStrictEqual(proved);
      expect(await store.memberById(marked.id)).toStrictEqual(marked);

      // A write that throws after marking undoes the mark.
      const boom = new Error('changed my mind');
      await expect(
        store.write(async (tx) => {
          await markUndeliverable(tx, m.id, new Date(at(2 * DAY)), 550);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await store.memberById(m.id)).toStrictEqual(proved);
    });

    it('memberCount counts every member, active or not', async () => {
      await insertMembers(member(), member({ isActive: false }));
      await insertMembers(member({ state: '' }));
      expect(await store.memberCount()).toBe(3);
    });

    it('membersNewestFirst: newest joinedAt first, same millisecond the last added first, and a limit', async () => {
      const [idB, idD] = descendingIds();
      const a = member({ joinedAt: at(-2 * DAY) });
      const b = member({ id: idB, joinedAt: at() });
      const c = member({ joinedAt: at(-DAY) });
      const d = member({ id: idD, joinedAt: at() });
      const e = member({ joinedAt: at() });
      const f = member({ joinedAt: at(-DAY + 1) });
      await insertMembers(a, b, c);
      await insertMembers(d);
      await insertMembers(e, f);

      expect((await store.membersNewestFirst()).map((m) => m.id)).toEqual([e.id, d.id, b.id, f.id, c.id, a.id]);
      expect(await store.membersNewestFirst()).toStrictEqual([e, d, b, f, c, a]);
      expect(await store.membersNewestFirst(2)).toStrictEqual([e, d]);
      expect(await store.membersNewestFirst(10)).toStrictEqual([e, d, b, f, c, a]);
    });

    it('activeMembersByState counts active members per state, ignoring inactive ones and an empty state', async () => {
      const leaving = member({ state: 'Texas' });
      await insertMembers(
        member({ state: 'New York' }),
        member({ state: 'New York' }),
        member({ state: 'New York', isActive: false }),
        member({ state: 'California', zipCode: '94103' }),
        member({ state: '', zipCode: '00000' }),
        member({ state: 'Oregon', isActive: false }),
        leaving,
      );
      expect(await store.activeMembersByState()).toEqual(
        new Map([
          ['New York', 2],
          ['California', 1],
          ['Texas', 1],
        ]),
      );
      await write((tx) => tx.updateMember(leaving.id, { isActive: false }));
      expect(await store.activeMembersByState()).toEqual(
        new Map([
          ['New York', 2],
          ['California', 1],
        ]),
      );
    });
  });

  describe('invites and the member fields of later releases', () => {
    it('inviteCode, invitedBy, levelSeen and afterExperiment round-trip; a member without them has none of the keys', async () => {
      const inviter = member({ inviteCode: 'Ab3-_xYz0123', levelSeen: 'Explorer', afterExperiment: 'continue' });
      const invitee = member({ invitedBy: inviter.id, inviteCode: 'Zz9-_qWe4567', afterExperiment: 'stop' });
      const plain = member();
      await insertMembers(inviter);
      await insertMembers(invitee, plain);
      for (const m of [inviter, invitee, plain]) {
        expect(await store.memberById(m.id)).toStrictEqual(m);
        expect(await store.memberByEmail(m.email)).toStrictEqual(m);
      }
      expect(await store.membersNewestFirst()).toStrictEqual([plain, invitee, inviter]);
      const everyone = memberSearch(AdminMemberFilter.parse({}));
      expect((await store.searchMembers(everyone, 0, 10)).members).toStrictEqual([plain, invitee, inviter]);
      // toStrictEqual tells a missing key from one holding undefined.
      expect(await store.memberById(plain.id)).not.toHaveProperty('inviteCode');
    });

    it('memberByInviteCode matches the code exactly; invitedCount counts who joined through the link', async () => {
      const inviter = member({ inviteCode: 'Ab3-_xYz0123' });
      const other = member({ inviteCode: 'Other-Code99' });
      await insertMembers(inviter, other);
      await insertMembers(member({ invitedBy: inviter.id }), member({ invitedBy: inviter.id }));
      await insertMembers(member({ invitedBy: other.id }));

      expect(await store.memberByInviteCode('Ab3-_xYz0123')).toStrictEqual(inviter);
      expect(await store.memberByInviteCode('ab3-_xyz0123')).toBeUndefined();
      expect(await store.memberByInviteCode(' Ab3-_xYz0123')).toBeUndefined();
      expect(await store.memberByInviteCode('')).toBeUndefined();
      expect(await store.invitedCount(inviter.id)).toBe(2);
      expect(await store.invitedCount(other.id)).toBe(1);
      expect(await store.invitedCount(randomUUID())).toBe(0);
      expect(await store.invitedCount('not-a-uuid')).toBe(0);
      // Inside a transaction, its own joins count.
      await write(async (tx) => {
        await tx.insertMember(member({ invitedBy: other.id }));
        expect(await tx.invitedCount(other.id)).toBe(2);
      });
      expect(await store.invitedCount(other.id)).toBe(2);
    });

    it('updateMember gives an invite code, levelSeen and afterExperiment; a write that throws takes them back', async () => {
      const m = member();
      await insertMembers(m);
      const boom = new Error('changed my mind');
      await expect(
        store.write(async (tx) => {
          await tx.updateMember(m.id, { inviteCode: 'Fresh-Code01', levelSeen: 'Explorer', afterExperiment: 'stop' });
          expect(await tx.memberByInviteCode('Fresh-Code01')).toMatchObject({ id: m.id });
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await store.memberById(m.id)).toStrictEqual(m);
      expect(await store.memberByInviteCode('Fresh-Code01')).toBeUndefined();

      await write((tx) => tx.updateMember(m.id, { inviteCode: 'Fresh-Code01', levelSeen: 'Explorer' }));
      const given = { ...m, inviteCode: 'Fresh-Code01', levelSeen: 'Explorer' as const };
      expect(await store.memberById(m.id)).toStrictEqual(given);
      expect(await store.memberByInviteCode('Fresh-Code01')).toStrictEqual(given);
      await write((tx) => tx.updateMember(m.id, { afterExperiment: 'continue' }));
      expect(await store.memberById(m.id)).toStrictEqual({ ...given, afterExperiment: 'continue' });
    });
  });

  describe('deleting an inviter', () => {
    it('keeps the members they invited, without invitedBy; a write that throws after it puts the link back', async () => {
      const inviter = member({ inviteCode: 'Leaving-Code' });
      const other = member({ inviteCode: 'Staying-Code' });
      await insertMembers(inviter, other);
      const invitees = [member({ invitedBy: inviter.id }), member({ invitedBy: inviter.id })];
      const theirs = member({ invitedBy: other.id });
      await insertMembers(...invitees, theirs);

      const boom = new Error('changed my mind');
      await expect(
        store.write(async (tx) => {
          expect(await tx.deleteMember(inviter.id)).toBe(true);
          expect(await tx.memberById(invitees[0]!.id)).not.toHaveProperty('invitedBy');
          throw boom;
        }),
      ).rejects.toBe(boom);
      for (const m of [inviter, ...invitees]) expect(await store.memberById(m.id)).toStrictEqual(m);
      expect(await store.invitedCount(inviter.id)).toBe(2);
      expect(await store.memberByInviteCode('Leaving-Code')).toStrictEqual(inviter);

      expect(await store.write((tx) => tx.deleteMember(inviter.id))).toBe(true);
      for (const m of invitees) {
        const { invitedBy: _gone, ...kept } = m;
        expect(await store.memberById(m.id)).toStrictEqual(kept);
      }
      expect(await store.memberById(theirs.id)).toStrictEqual(theirs);
      expect(await store.invitedCount(inviter.id)).toBe(0);
      expect(await store.invitedCount(other.id)).toBe(1);
      expect(await store.memberByInviteCode('Leaving-Code')).toBeUndefined();
      expect(await store.memberCount()).toBe(4);

      // A deleted invitee leaves the inviter's count.
      expect(await store.write((tx) => tx.deleteMember(theirs.id))).toBe(true);
      expect(await store.invitedCount(other.id)).toBe(0);
    });
  });
}
