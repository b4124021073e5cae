/**
 * The static pages' script as a build of its own (docs/decisions/031-islands.md,
 * docs/decisions/033-one-request-dashboard.md). In one build with the client app, every module the
 * two share (a button, the navigation bar) had to sit in a chunk both could load, so the client
 * app came in many small chunks (39 on the dashboard). Built apart, each is cut for its own pages:
 * the islands into small chunks a page loads as it needs them, the client app into a few.
 *
 * Runs after the client app's build, into the same folder, with a manifest of its own
 * (`MANIFESTS.islands`): the two builds may each have a chunk for the same module.
 */
import { join } from 'node:path';
import { build, type Plugin, type PluginOption } from 'vite';
import { afterClientBuild } from './afterClientBuild.ts';
import { MANIFESTS } from './routeChunk.ts';

/** The static pages' script, the islands build's entry, from the app's root. */
export const ISLANDS_ENTRY = 'src/islands.ts';

/**
 * React and styled-components in one chunk: every static page loads them together with its first
 * island, and that island should not wait on five small files (docs/decisions/031-islands.md).
 * The client app's build groups them the same way (vite.config.ts).
 */
export const frameworkGroup = {
  name: 'framework',
  test: /node_modules[\\/](react|react-dom|scheduler|styled-components|stylis)[\\/]/,
};

/**
 * @param plugins the transforms the islands need (React, and the styled-components one that gives
 * every component the class name the prerendered HTML holds).
 */
export function islandsBuildPlugin(plugins: () => PluginOption[]): Plugin {
  return afterClientBuild('prr:islands-build', async (config, outDir) => {
    await build({
      configFile: false,
      root: config.root,
      mode: config.mode,
      logLevel: config.logLevel,
      plugins: plugins(),
      build: {
        outDir,
        emptyOutDir: false,
        assetsDir: config.build.assetsDir,
        sourcemap: config.build.sourcemap,
        target: config.build.target,
        modulePreload: { polyfill: false },
        manifest: MANIFESTS.islands,
        // The public folder came with the app's build.
        copyPublicDir: false,
        rollupOptions: {
          input: { islands: join(config.root, ISLANDS_ENTRY) },
          output: {
            codeSplitting: { includeDependenciesRecursively: false, groups: [frameworkGroup] },
          },
        },
      },
    });
  });
}
