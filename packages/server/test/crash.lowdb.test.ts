/**
 * The real server process (bin.ts): SIGKILL in the middle of a burst of joins loses no
 * acknowledged join and leaves a parseable file; after a restart, SIGTERM drains in-flight
 * requests and exits 0; a corrupt data file stops start-up with a message naming it and is left
 * untouched.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from '@prr/contract';
import type { DbData } from '../src/store/schema.js';
import { joinBurst } from './joinBurst.js';
import { freshServerDirEach, startBin } from './proof/support.js';

const dir = freshServerDirEach('prr-crash-');

async function membersOnDisk(file: string): Promise<Set<string>> {
  const data = JSON.parse(await readFile(file, 'utf8')) as DbData; // throws if the file does not parse
  return new Set(data.members.map((m) => m.email));
}

describe('the server process', () => {
  it('SIGKILL mid-burst loses no acknowledged join; the restarted server drains on SIGTERM and exits 0', async () => {
    const file = join(dir(), 'data', 'db.json');
    const first = await startBin({ dataFile: file });
    const load = joinBurst(first.baseUrl, 'kill', 32);
    await load.atLeast(150);
    first.child.kill('SIGKILL');
    await first.exited;
    await load.stop();
    const acknowledged = [...load.acknowledged];
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    const onDisk = await membersOnDisk(file);
    for (const email of acknowledged) expect(onDisk.has(email), email).toBe(true);

    // The restarted server accepts the file and serves the members: the last acknowledged
    // joiner's browser is still signed in (member sessions are kept in the file).
    const second = await startBin({ dataFile: file });
    const last = acknowledged.at(-1)!;
    expect(load.cookies.get(last), `the join of ${last} set a session cookie`).toBeDefined();
    const me = await fetch(second.baseUrl + api.me.path, { headers: { Cookie: load.cookies.get(last)! } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(last);

    // ...and SIGTERM in the middle of another burst finishes in-flight requests, flushes, exits 0.
    const load2 = joinBurst(second.baseUrl, 'term', 16);
    await load2.atLeast(50);
    second.child.kill('SIGTERM');
    const exit = await second.exited;
    await load2.stop();
    expect(exit.code).toBe(0);
    expect(second.output()).toContain('"msg":"stopped"');
    const afterDrain = await membersOnDisk(file);
    for (const email of [...acknowledged, ...load2.acknowledged]) expect(afterDrain.has(email), email).toBe(true);
  });

  it('a corrupt data file stops start-up with a message naming it, and is never overwritten', async () => {
    const file = join(dir(), 'db.json');
    await writeFile(file, '{ "members": [ truncated');
    const refused = await startBin({ dataFile: file }).then(
      () => new Error('the server started on a corrupt file'),
      (error: unknown) => error as Error,
    );
    expect(refused.message).toContain('server exited (1) before listening');
    expect(refused.message).toContain(file);
    expect(refused.message).toMatch(/not valid JSON/);
    expect(await readFile(file, 'utf8')).toBe('{ "members": [ truncated');
  });
});
