/**
 * What db:backup and db:restore share: one argument, the environment `npm start` reads, numbers in
 * words, and one line on stderr and exit code 1 for every refusal.
 */
import { resolve } from 'node:path';
import { ConfigError, parseEnv, type EnvConfig } from '../../config.js';
import { BackupError, reason } from './errors.js';

export const number = (n: number): string => n.toLocaleString('en-US');

/**
 * The file argument as an absolute path, relative to where `npm run` was typed (INIT_CWD): npm runs
 * the script itself from the repository's root.
 */
export function fileArgument(args: readonly string[], usage: string): string {
  const [file, ...rest] = args;
  if (file === undefined || rest.length > 0 || file.startsWith('-')) throw new BackupError('usage', usage);
  return resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** parseEnv, as the server runs it: DATABASE_URL set means PostgreSQL, else DATA_FILE. */
export function environment(): EnvConfig {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new BackupError('usage', error.message);
    throw error;
  }
}

const singleLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

/** Runs `main`: its line on stdout and exit 0, or the error's one line on stderr and exit 1. */
export async function runTool(main: () => Promise<string>, failed: string): Promise<number> {
  try {
    process.stdout.write(`${singleLine(await main())}\n`);
    return 0;
  } catch (error) {
    const message = error instanceof BackupError ? error.message : `${failed}: ${reason(error)}`;
    process.stderr.write(`${singleLine(message)}\n`);
    return 1;
  }
}
