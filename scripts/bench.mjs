/**
 * `npm run bench [-- --check --only server|postgres|browser --quick --rounds N --skip-build --keep]`:
 * the benchmarks of bench/RESULTS.md (bench/main.ts, run through tsx). Not part of `npm test`; without
 * --check it never fails on a missed budget. Writes bench/results/latest.{json,md}.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
