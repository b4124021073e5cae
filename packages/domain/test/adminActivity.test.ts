import { ADMIN_ACTIVITY_RETENTION_DAYS, AdminAction } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ACTION_WORDS,
  adminActivityCsv,
  adminActivityCutoff,
  adminActivityPage,
  memoryAdminActivity,
} from '../src/adminActivity.js';
import { CSV_BOM } from '../src/participantsCsv.js';
import type { StoredAdminAction } from '../src/records.js';

const record = (at: string, overrides: Partial<StoredAdminAction> = {}): StoredAdminAction => ({
  id: `id-${at}`,
  at,
  action: 'participant.edit',
  adminId: 'admin-1',
  participant: { name: 'Ada Lovelace' },
  network: '203.0.113.7',
  ...overrides,
});

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

describe('the admin activity', () => {
  it('has words for every action', () => {
    for (const action of AdminAction.options) expect(ADMIN_ACTION_WORDS[action]).toMatch(/^[A-Z]/);
  });

  it('keeps a year: the cutoff is ADMIN_ACTIVITY_RETENTION_DAYS before now', () => {
    expect(adminActivityCutoff(new Date('2026-03-02T15:00:00.000Z')).toISOString()).toBe(
      new Date(Date.parse('2026-03-02T15:00:00.000Z') - ADMIN_ACTIVITY_RETENTION_DAYS * 86_400_000).toISOString(),
    );
  });

  it('pages newest first, ties the last added first, a participant or null', async () => {
    const data = { adminActivity: [] as StoredAdminAction[] };
    const log = memoryAdminActivity(data);
    const older = record('2026-03-01T10:00:00.000Z');
    const tieA = record('2026-03-02T10:00:00.000Z', { id: 'a' });
    const { participant: _none, ...tieB } = record('2026-03-02T10:00:00.000Z', { id: 'b', action: 'map.update' });
    for (const r of [tieA, older, tieB]) await log.add(r);
    const page = await adminActivityPage(log, { page: 1, pageSize: 2 });
    expect(page).toStrictEqual({
      items: [
        { id: 'b', at: tieB.at, action: 'map.update', participant: null, network: '203.0.113.7' },
        {
          id: 'a',
          at: tieA.at,
          action: 'participant.edit',
          participant: { name: 'Ada Lovelace' },
          network: '203.0.113.7',
        },
      ],
      total: 3,
      page: 1,
      pageSize: 2,
    });
    expect(await log.deleteBefore(new Date('2026-03-02T00:00:00.000Z'))).toBe(1);
    expect(data.adminActivity.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('writes the CSV by the participants export rules: the mark, the header, neutralised and quoted cells', async () => {
    const log = memoryAdminActivity({ adminActivity: [] });
    await log.add(record('2026-03-02T10:00:00.000Z', { participant: { name: '=SUM(A1), "x"' } }));
    expect(await text(adminActivityCsv(log))).toBe(
      `${CSV_BOM}When,What,Action,Participant,From\r\n` +
        `2026-03-02T10:00:00.000Z,Edited a participant,participant.edit,"'=SUM(A1), ""x""",203.0.113.7\r\n`,
    );
  });
});
