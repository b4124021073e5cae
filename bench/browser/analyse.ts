/**
 * The build tables of the browser bench for a build that already exists, without Lighthouse:
 *
 *   node scripts/siteBuild.mjs --outDir <folder> --emptyOutDir --manifest
 *   node --import tsx bench/browser/analyse.ts <folder> [the checkout that was built]
 *
 * The folder needs the manifest and the source maps (the site's build always writes them). The
 * checkout, this one by default, is where the build's own sources are counted as ours.
 */
import { resolve } from 'node:path';
import { renderBuild } from '../report.js';
import { REPO_ROOT } from '../lib/proc.js';
import { analyseBuild } from './build.js';

const [outDir, checkout = REPO_ROOT] = process.argv.slice(2);
if (!outDir) {
  process.stderr.write('usage: node --import tsx bench/browser/analyse.ts <build folder> [checkout]\n');
  process.exit(2);
}
const { gzipByFile: _files, ...build } = analyseBuild(resolve(outDir), 0, resolve(checkout));
process.stdout.write(`${renderBuild(build)}\n`);
