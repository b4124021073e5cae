/**
 * For stories and tests: a long participant list, made by the domain's own rules (a new member as
 * the join makes them, the state from the ZIP code), put in the mocks' store in place of the
 * fixtures' thirteen, so paging has pages to go through. Names, addresses and dates follow from the
 * position alone, so pictures and assertions do not change between runs.
 */
import { newMember, stateFromZip, type StoredMember } from '@prr/domain';
import { mockDb } from '@prr/mocks';
import { FIXTURE_NOW } from '@prr/mocks/fixtures';

const FIRST = ['Ava', 'Ben', 'Chloe', 'Diego', 'Elena', 'Farah', 'Gabe', 'Hana', 'Ivan', 'Jade', 'Kofi', 'Lena'];
const LAST = ['Abbott', 'Brooks', 'Castro', 'Dunn', 'Ellis', 'Flores', 'Gupta', 'Hayes', 'Ibarra', 'Jensen', 'Khan'];
/** ZIP codes of different states, so the state filter has something to find. */
const ZIPS = ['10027', '94110', '82001', '55408', '98103', '80205', '78704', '30307', '60614', '85004', '43215'];
const HOUR = 3_600_000;

/** The count-th newest first: participant 1 joined an hour before FIXTURE_NOW, each next one an hour earlier. */
export function manyParticipants(count: number): StoredMember[] {
  return Array.from({ length: count }, (_, index) => {
    const first = FIRST[index % FIRST.length] ?? 'Ava';
    const last = LAST[Math.floor(index / FIRST.length) % LAST.length] ?? 'Abbott';
    const zipCode = ZIPS[index % ZIPS.length] ?? '10027';
    const member = newMember(
      {
        name: `${first} ${last} ${index + 1}`,
        email: `${first}.${last}.${index + 1}@example.org`.toLowerCase(),
        zipCode,
        state: stateFromZip(zipCode),
      },
      new Date(FIXTURE_NOW.getTime() - (index + 1) * HOUR),
    );
    // Every seventh has been deactivated.
    return { ...member, isActive: index % 7 !== 6 };
  });
}

/** The mocks' store holds `count` generated participants and nobody else. */
export function seedParticipants(count: number): void {
  mockDb.members = manyParticipants(count);
}
