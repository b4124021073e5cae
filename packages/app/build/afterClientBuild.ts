/**
 * A step of `npm run build` that runs once Vite has written the client app's build, before the
 * other closeBundle hooks (compression), in the order the plugins are listed: the islands' build,
 * then the prerender (vite.config.ts). Not in the Node bundles these steps build themselves.
 */
import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export function afterClientBuild(name: string, run: (config: ResolvedConfig, outDir: string) => Promise<void>): Plugin {
  let config: ResolvedConfig;
  return {
    name,
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      handler: () => run(config, resolve(config.root, config.build.outDir)),
    },
  };
}
