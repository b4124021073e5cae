import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config';
import { loadOrCreateSecret, SECRET_FILE_NAME } from '../../src/secrets';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'prr-secret-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadOrCreateSecret', () => {
  it('generates a long secret once, readable by the owner only, and returns the same one after a restart', async () => {
    const first = await loadOrCreateSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, SECRET_FILE_NAME)).mode & 0o777).toBe(0o600);
    // Unsubscribe links already sent must keep working after a restart.
    expect(await loadOrCreateSecret(dir)).toBe(first);
  });

  it('refuses a kept secret shorter than 32 characters, naming the file', async () => {
    writeFileSync(join(dir, SECRET_FILE_NAME), 'too-short\n');
    // A ConfigError: bin.ts prints its message alone and exits, as for a bad environment.
    await expect(loadOrCreateSecret(dir)).rejects.toThrow(ConfigError);
    await expect(loadOrCreateSecret(dir)).rejects.toThrow(join(dir, SECRET_FILE_NAME));
  });
});
