/**
 * The site's build. `npm run build` writes packages/app/dist for the Koa server to serve;
 * `npm run dev:mock` (mode "mock") runs it entirely on the MSW handlers; `npm run dev` proxies
 * /api to the real server on API_ORIGIN (default http://127.0.0.1:3000).
 */
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { mswWorkerPlugin } from '../../mocks/vitePlugin.ts';
import { frameworkGroup, islandsBuildPlugin } from './build/islandsBuild.ts';
import { prerenderPlugin } from './build/prerender.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes .br and .gz beside every text file of the build once, at build time, so the server
 * (koa-send with brotli/gzip) answers compressed bytes without compressing per request.
 */
function precompress(): Plugin {
  // Not .html: the server fills in PUBLIC_URL before it compresses a page (packages/server/src/static/).
  const compressible = /\.(js|css|json|svg|map)$/;
  let outDir = join(root, 'dist');
  return {
    name: 'prr:precompress',
    apply: 'build',
    // The bench builds with --outDir elsewhere: compress where this build actually wrote.
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(join(outDir, file));
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            promisify(gzip)(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(join(outDir, `${file}.br`), br), writeFile(join(outDir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}

/**
 * The site's transforms, for the browser build and the prerender's Node build alike. In a build,
 * babel-plugin-styled-components names each styled component after its file and place
 * (styled-components' documented setup for server rendering): without it a component's class
 * name depends on the order modules happen to load in, which differs between the prerendered
 * HTML and the browser, and hydration would find other class names than the HTML holds.
 */
function sitePlugins(command: 'build' | 'serve'): PluginOption[] {
  return [
    react(),
    command === 'build'
      ? babel({
          include: [/[\\/]packages[\\/](ui|app)[\\/]src[\\/].*\.tsx?$/],
          parserOpts: { plugins: ['typescript', 'jsx'] },
          plugins: [['babel-plugin-styled-components', { displayName: false, fileName: false, pure: true }]],
        })
      : null,
  ];
}

/** Where `npm run dev` proxies the API (scripts/dev.mjs sets it from PORT). */
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig(({ mode, command }) => ({
  root,
  plugins: [
    sitePlugins(command),
    mode === 'mock' ? mswWorkerPlugin() : null,
    // In this order: the islands' build, then the pages that load its script or the app's.
    islandsBuildPlugin(() => sitePlugins('build')),
    prerenderPlugin(() => sitePlugins('build')),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    // Hashed chunks go to /static (cached for a year by the server); /assets holds shipped media.
    assetsDir: 'static',
    emptyOutDir: true,
    // Written beside each chunk for the bench's composition report, but 'hidden': no chunk names
    // its map, and the server never serves one (packages/server/src/static/files.ts).
    sourcemap: 'hidden',
    target: 'es2022',
    // The browsers es2022 targets preload modules themselves: no polyfill in every page's first script.
    modulePreload: { polyfill: false },
    // The import graph of each page's scripts, read by the bench and the bundle test (bench/browser/pageScripts.ts).
    manifest: true,
    rollupOptions: {
      // The client app; the static pages' islands are a build of their own (build/islandsBuild.ts).
      input: { index: join(root, 'index.html') },
      output: {
        codeSplitting: {
          // Only the modules a group names, unless it says otherwise: not what they import, which
          // may belong elsewhere.
          includeDependenciesRecursively: false,
          groups: [
            { ...frameworkGroup, priority: 3 },
            // What the entry loads with it stays the entry's: the shared chunk below is loaded by the
            // pages, after the entry has run, so zod's settings are made before zod loads
            // (providers/zodJitless.ts; the bench's 'zod in the entry' budget is 0).
            { name: 'initial', tags: ['$initial'], priority: 2, includeDependenciesRecursively: true },
            // The code two or more pages share, and what it imports, in one chunk: a page loads the
            // entry, the framework, this and its own chunk, not one chunk per set of pages sharing
            // a module (docs/decisions/033-one-request-dashboard.md: 39 scripts on the dashboard before).
            { name: 'shared', minShareCount: 2, priority: 1, includeDependenciesRecursively: true },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: mode === 'mock' ? undefined : { '/api': apiOrigin, '/download': apiOrigin },
  },
}));
