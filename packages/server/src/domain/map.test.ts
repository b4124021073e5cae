import { describe, expect, it } from 'vitest';
import { AdminMember, RecalculateResponse } from '@prr/contract';
import { memoryRepo, seedData } from '../../test/fixtures.js';
import { FakeClock } from '../clock.js';
import { MAP_STATE_NAMES, adminStats, mapStates, movementStats, recalculateStates } from './map.js';
import { joinMovement } from './members.js';
import { addParticipant, adminMembers } from './participants.js';

const clock = new FakeClock('2026-03-02T15:00:00Z');

describe('movement stats and the map table', () => {
  it('starts from db.json: goal 50,000 and the sum over states', () => {
    const repo = memoryRepo();
    const sum = seedData().states.reduce((s, r) => s + r.peacemakers, 0);
    expect(mapStates(repo)).toHaveLength(50);
    expect(movementStats(repo)).toEqual({ goal: 50_000, total: sum });
  });

  it('admin stats: members, map total, states with at least one', () => {
    const repo = memoryRepo();
    repo.data.states = [
      { state: 'Alabama', stateCode: 'AL', peacemakers: 3 },
      { state: 'Alaska', stateCode: 'AK', peacemakers: 0 },
      { state: 'Arizona', stateCode: 'AZ', peacemakers: 1 },
    ];
    joinMovement(repo, { name: 'A', email: 'a@example.org', zipCode: '10001' }, clock.now());
    expect(adminStats(repo)).toEqual({ totalMembers: 1, totalParticipation: 4, stateCount: 2 });
  });
});

describe('recalculateStates', () => {
  it('replaces every count with the number of ACTIVE members; all 50 states, 0 where none', () => {
    const repo = memoryRepo();
    joinMovement(repo, { name: 'A', email: 'a@example.org', zipCode: '10001' }, clock.now()); // New York
    joinMovement(repo, { name: 'B', email: 'b@example.org', zipCode: '11201' }, clock.now()); // New York
    joinMovement(repo, { name: 'C', email: 'c@example.org', zipCode: '36104' }, clock.now()); // Alabama
    const inactive = joinMovement(repo, { name: 'D', email: 'd@example.org', zipCode: '36104' }, clock.now()).member;
    inactive.isActive = false;
    joinMovement(repo, { name: 'E', email: 'e@example.org', zipCode: '00000' }, clock.now()); // unknown state
    joinMovement(repo, { name: 'F', email: 'f@example.org', zipCode: '20500' }, clock.now()); // DC: not on the map

    const result = recalculateStates(repo);
    expect(RecalculateResponse.parse(result)).toEqual(result);
    expect(result.states).toHaveLength(50);
    expect(result.states.map((s) => s.state)).toEqual(MAP_STATE_NAMES);
    const count = (name: string) => result.states.find((s) => s.state === name)?.peacemakers;
    expect(count('New York')).toBe(2);
    expect(count('Alabama')).toBe(1);
    expect(count('Texas')).toBe(0);
    expect(result.stats).toEqual({ totalMembers: 6, totalParticipation: 3, stateCount: 2 });
    expect(movementStats(repo).total).toBe(3);
  });
});

describe('participants', () => {
  it('adds with a canonical state name from a name or code, +25 points, active', () => {
    const repo = memoryRepo();
    const added = addParticipant(repo, { name: 'Jo', email: 'jo@example.org', state: 'tx', zipCode: '73301' }, clock.now());
    expect(AdminMember.parse(added)).toEqual(added);
    expect(added).toMatchObject({ state: 'Texas', isActive: true, zipCode: '73301' });
    expect(repo.memberById(added.id)?.points).toBe(25);
    expect(addParticipant(repo, { name: 'Al', email: 'al@example.org', state: 'new york', zipCode: '10001' }, clock.now()).state).toBe(
      'New York',
    );
  });

  it('refuses an unknown state with fields.state and a duplicate e-mail with conflict', () => {
    const repo = memoryRepo();
    expect(() => addParticipant(repo, { name: 'Jo', email: 'jo@example.org', state: 'Narnia', zipCode: '12345' }, clock.now())).toThrow(
      expect.objectContaining({ code: 'validation_failed', fields: { state: [expect.any(String)] } }),
    );
    addParticipant(repo, { name: 'Jo', email: 'jo@example.org', state: 'TX', zipCode: '73301' }, clock.now());
    expect(() => addParticipant(repo, { name: 'Jo', email: ' JO@example.org', state: 'TX', zipCode: '73301' }, clock.now())).toThrow(
      expect.objectContaining({ code: 'conflict' }),
    );
    expect(repo.data.members).toHaveLength(1);
  });

  it('lists members newest first', () => {
    const repo = memoryRepo();
    const c = new FakeClock('2026-03-01T00:00:00Z');
    joinMovement(repo, { name: 'First', email: '1@example.org', zipCode: '10001' }, c.now());
    c.advance(60_000);
    joinMovement(repo, { name: 'Second', email: '2@example.org', zipCode: '10001' }, c.now());
    joinMovement(repo, { name: 'Same instant, added later', email: '3@example.org', zipCode: '10001' }, c.now());
    expect(adminMembers(repo).map((m) => m.name)).toEqual(['Same instant, added later', 'Second', 'First']);
  });
});
