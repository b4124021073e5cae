/**
 * WEB_CONCURRENCY on lowdb, over the real bin.ts (docs/decisions/032-every-core-one-command.md):
 * unset, the server is one process exactly as before (no cluster primary in between: the process
 * that logs `listening` is the one holding the connection it answers on); asked for two, it
 * refuses to start, saying why, before it touches the data file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from '@prr/contract';
import { LOWDB_RUNS_ONE_PROCESS } from '../src/config.js';
import { logLines, requestAnsweredBy } from './cluster.helpers.js';
import { freshServerDirEach, startBin } from './proof/support.js';

const dir = freshServerDirEach('prr-cluster-lowdb-');

describe('WEB_CONCURRENCY on lowdb', () => {
  it('unset, the server is one process as before: no primary, no workers, and the process that logs listening answers', async () => {
    // '' is unset (startBin pins 1 for the other proofs).
    const server = await startBin({ dataFile: join(dir(), 'db.json'), env: { WEB_CONCURRENCY: '' } });
    const answer = await requestAnsweredBy(server.baseUrl, { method: 'GET', path: api.movementStats.path }, [
      server.pid,
    ]);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.answeredBy, 'the connection is held by the process that was started').toBe(server.pid);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const lines = logLines(server.output());
    const listening = lines.filter((line) => line.msg === 'listening');
    expect(listening).toHaveLength(1);
    expect(listening[0]).toMatchObject({ store: 'lowdb', dataFile: join(dir(), 'db.json') });
    expect(listening[0]).not.toHaveProperty('workers');
    expect(server.output()).toMatch(/"msg":"listening","port":\d+/);
    const clusterLines = lines.filter((line) => /worker/.test(line.msg ?? '') || line.pid !== undefined);
    expect(clusterLines, 'no cluster primary or worker').toEqual([]);
    expect(lines.filter((line) => line.msg === 'stopped')).toHaveLength(1);
  });

  it('WEB_CONCURRENCY=2 without DATABASE_URL refuses to start, saying why, and leaves no data file', async () => {
    const file = join(dir(), 'db.json');
    const refused = await startBin({ dataFile: file, env: { WEB_CONCURRENCY: '2' } }).then(
      () => new Error('two processes started on one lowdb file'),
      (error: unknown) => error as Error,
    );
    expect(refused.message).toContain('server exited (1) before listening');
    expect(refused.message).toContain(LOWDB_RUNS_ONE_PROCESS);
    expect(refused.message).not.toContain('worker');
    expect(existsSync(file), 'the data file was not created').toBe(false);
  });
});
