#!/usr/bin/env node
/**
 * npm run test:visual                      compare every story with its baseline
 * npm run test:visual -- --update          accept: write missing and changed baselines, drop obsolete ones
 * npm run test:visual -- packages/ui/src/screens/home [--update]   only the stories under a path
 *
 * Runs the 'visual' Vitest project (test/setup-visual.ts); other arguments go to Vitest as they are.
 * Ends with a summary: stories and screenshots compared, what differs and where the images are.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BASELINES_DIR, RESULTS_DIR } from './visual-files.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const update = args.includes('--update') || args.includes('-u');
const passThrough = args.filter((arg) => arg !== '--update' && arg !== '-u');
// Obsolete baselines can only be told when every story ran.
const filtered = passThrough.some((arg) => !arg.startsWith('-') || /^(-t|--testNamePattern|--project)/.test(arg));
const report = `${RESULTS_DIR}/report.json`;

const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const run = spawnSync(
  process.execPath,
  [vitest, 'run', '--project', 'visual', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...(update ? ['-u'] : []), ...passThrough],
  { cwd: root, stdio: 'inherit' },
);
const exitCode = run.status ?? 1;

if (!existsSync(`${root}/${report}`)) {
  console.error('\nVisual regression: Vitest wrote no report (see the errors above).');
  process.exit(exitCode);
}

/** @type {{ testResults: { status: string, assertionResults: { status: string, meta?: { storyId?: string, visual?: { viewport: string, baseline: string, outcome: string }[] } }[] }[] }} */
const { testResults } = JSON.parse(readFileSync(`${root}/${report}`, 'utf8'));
const allTests = testResults.flatMap((file) => file.assertionResults);
const tests = allTests.filter((test) => test.status === 'passed' || test.status === 'failed');
const shots = tests.flatMap((test) => test.meta?.visual ?? []);
const count = (outcome) => shots.filter((shot) => shot.outcome === outcome).length;
const brokenStories = tests.filter((test) => test.status === 'failed' && !test.meta?.visual).length;
const results = existsSync(`${root}/${RESULTS_DIR}`) ? readdirSync(`${root}/${RESULTS_DIR}`) : [];
const named = (suffix) => results.filter((file) => file.endsWith(suffix)).map((file) => file.slice(0, -suffix.length));

// Baselines of stories that no longer exist, or of a viewport a story no longer uses; told only
// when every story ran to its screenshots (no filter, no skipped test, no story file that failed).
const everyStoryRan =
  !filtered && brokenStories === 0 && tests.length === allTests.length && testResults.every((file) => file.assertionResults.length > 0);
let obsolete = [];
if (everyStoryRan && existsSync(`${root}/${BASELINES_DIR}`)) {
  const used = new Set(shots.map((shot) => shot.baseline.split('/').pop()));
  obsolete = readdirSync(`${root}/${BASELINES_DIR}`).filter((file) => file.endsWith('.png') && !used.has(file));
  if (update) for (const file of obsolete) rmSync(`${root}/${BASELINES_DIR}/${file}`);
}

const lines = [`Visual regression: ${tests.length} stories, ${shots.length} screenshots (${BASELINES_DIR}/)`];
lines.push(`  ${count('match')} match their baseline`);
if (count('accepted')) {
  const accepted = shots.filter((shot) => shot.outcome === 'accepted').map((shot) => shot.baseline.split('/').pop());
  lines.push(`  ${count('accepted')} new or changed baselines written (review, then commit): ${accepted.join(', ')}`);
}
if (count('mismatch')) {
  lines.push(`  ${count('mismatch')} differ: ${named('.actual.png').join(', ')}`);
  lines.push(`    reference, actual and diff images: ${RESULTS_DIR}/<story-id>.<viewport>.{reference,actual,diff}.png`);
}
if (count('missing')) {
  lines.push(`  ${count('missing')} have no baseline yet: ${named('.new.png').join(', ')}`);
  lines.push(`    the new screenshots: ${RESULTS_DIR}/<story-id>.<viewport>.new.png`);
}
if (brokenStories) lines.push(`  ${brokenStories} stories failed before their screenshots (see the errors above)`);
if (obsolete.length) lines.push(`  ${obsolete.length} obsolete baselines ${update ? 'removed' : '(no story uses them; --update removes them)'}: ${obsolete.join(', ')}`);
if (!update && (count('mismatch') || count('missing') || (obsolete.length && exitCode === 0))) {
  lines.push('  If the changes are intended: npm run test:visual -- --update' + (filtered ? ` ${passThrough.join(' ')}` : ''));
}
console.log(`\n${lines.join('\n')}`);
process.exit(exitCode);
