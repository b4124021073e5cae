/**
 * The level-up celebration's story data: a member whose points just took them to Agent, the mocks'
 * Jordan in that state (so GET /api/me answers it), and a record of what the dashboard POSTs to
 * /api/me/level-up/seen.
 */
import { api, type LevelKey, type Member } from '@prr/contract';
import { mockDb } from '@prr/mocks';
import { demoMember } from '@prr/mocks/fixtures';
import { RequestBodies } from '../../../test/requestBodies';
import { jordan } from '../storyData';

/** Jordan with 60 points: Agent reached, not celebrated yet. */
export const newAgent: Member = { ...jordan, peacemakerLevel: 'Agent', levelProgressPoints: 60, levelUp: 'Agent' };

/**
 * The mocks' Jordan with `points` (and the level they give) and `levelSeen` the last level the
 * dashboard celebrated: the member view answers the level-up, by the domain's own rule.
 */
export function seedLevelUp(level: LevelKey = 'Agent', points = 60, levelSeen: LevelKey = 'Explorer'): void {
  mockDb.members = mockDb.members.map((m) => (m.id === demoMember.id ? { ...m, points, level, levelSeen } : m));
}

/** The mocks' Jordan with every level celebrated already: no level-up pending, whatever the fixtures say. */
export function seedNoLevelUp(): void {
  mockDb.members = mockDb.members.map((m) => (m.id === demoMember.id ? { ...m, levelSeen: m.level } : m));
}

/** What the dashboard POSTs to /api/me/level-up/seen: `msw.use(levelUpSeenRequests.start())` in a beforeEach. */
export const levelUpSeenRequests = new RequestBodies(api.levelUpSeen);
