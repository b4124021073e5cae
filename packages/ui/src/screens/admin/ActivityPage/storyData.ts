/**
 * For stories and tests: a year's worth of admin actions in the mocks' log, in place of none.
 * Actions, names and times follow from the position alone, so pictures and assertions do not
 * change between runs.
 */
import type { AdminAction } from '@prr/contract';
import type { StoredAdminAction } from '@prr/domain';
import { mockDb } from '@prr/mocks';
import { FIXTURE_NOW } from '@prr/mocks/fixtures';

const ACTIONS: readonly AdminAction[] = [
  'participant.edit',
  'participant.status',
  'map.update',
  'story.approve',
  'participants.export',
  'participant.add',
  'story.reject',
  'participant.delete',
];
const NAMES = ['Ava Abbott', 'Ben Brooks', 'Chloe Castro', 'Diego Dunn', 'Elena Ellis', 'Farah Flores'];
const NO_PARTICIPANT = new Set<AdminAction>(['map.update', 'participants.export']);
const HOUR = 3_600_000;

/** Action 1 an hour before FIXTURE_NOW, each next one an hour earlier; in the order recorded (oldest first). */
export function manyActions(count: number): StoredAdminAction[] {
  return Array.from({ length: count }, (_, index): StoredAdminAction => {
    const action = ACTIONS[index % ACTIONS.length] ?? 'participant.edit';
    const name = NAMES[index % NAMES.length] ?? 'Ava Abbott';
    return {
      id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
      at: new Date(FIXTURE_NOW.getTime() - (index + 1) * HOUR).toISOString(),
      action,
      adminId: 'demo-admin',
      ...(NO_PARTICIPANT.has(action) ? {} : { participant: { name } }),
      network: index % 3 === 2 ? '2001:db8:85a3:8d3::/64' : '203.0.113.24',
    };
  }).reverse();
}

/** The mocks' log holds `count` generated actions and nothing else. */
export function seedActivity(count: number): void {
  mockDb.adminActivity = manyActions(count);
}
