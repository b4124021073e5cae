/**
 * Prerendering, as the last step of the site's production build
 * (docs/decisions/018-prerendered-public-pages.md). Once Vite has written the browser build, this
 * bundles packages/app/src/prerender.tsx for Node with the same plugins, renders every page of
 * `sitePages` (and the 404 page) with it, and writes each into a copy of the built index.html at
 * `prerenderedFile(page)`: the page's own head, its critical CSS, and its markup inside #root.
 * The server answers each path with its file (packages/server/src/static/).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';

/** What packages/app/src/prerender.tsx exports. */
interface PrerenderModule {
  pagesToPrerender(): { path: string; file: string; head: string; shell: boolean; hydrate: 'islands' | 'app' }[];
  renderPage(path: string): Promise<{ html: string; styles: string }>;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** The static pages' template, the build's second HTML entry (vite.config.ts). */
export const ISLANDS_TEMPLATE = 'islands.html';

/** The built index.html with one page's head, styles and markup put in. */
export function fillTemplate(template: string, page: { html: string; styles: string; head: string }): string {
  if (!template.includes(ROOT_ELEMENT) || !/<title>[^<]*<\/title>/.test(template)) {
    throw new Error(`index.html must hold ${ROOT_ELEMENT} and a <title> for prerendering`);
  }
  return (
    template
      // The page's own head replaces the template's generic title and description.
      .replace(/<title>[^<]*<\/title>/, () => page.head)
      .replace(/\s*<meta\s+name="description"[^>]*>/, '')
      .replace('</head>', () => `${page.styles}</head>`)
      .replace(ROOT_ELEMENT, () => `<div id="root">${page.html}</div>`)
  );
}

/**
 * @param plugins the transforms the Node bundle needs (React, and the styled-components one that
 * gives every component the same class name in both builds).
 */
export function prerenderPlugin(plugins: () => PluginOption[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prr:prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // Before the other closeBundle hooks (compression), so they see the pages.
      order: 'pre',
      sequential: true,
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        // Inside the repository, so the bundle's bare imports (react, styled-components) resolve
        // from its node_modules when Node loads it.
        const bundleDir = join(config.root, '../../node_modules/.cache/prr-prerender');
        await rm(bundleDir, { recursive: true, force: true });
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: plugins(),
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          build: {
            ssr: 'src/prerender.tsx',
            outDir: bundleDir,
            emptyOutDir: true,
            target: 'node20',
            minify: false,
            sourcemap: false,
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
          // The workspace packages are TypeScript source: bundle them; npm packages load from node_modules.
          ssr: { noExternal: [/^@prr\//, 'styled-components'] },
        });
        const module = (await import(pathToFileURL(join(bundleDir, 'prerender.mjs')).href)) as PrerenderModule;
        // The client app's page and the static pages' (islands.html): the same head, another script.
        const templates = {
          app: await readFile(join(outDir, 'index.html'), 'utf8'),
          islands: await readFile(join(outDir, ISLANDS_TEMPLATE), 'utf8'),
        };
        for (const page of module.pagesToPrerender()) {
          const rendered = page.shell ? { html: '', styles: '' } : await module.renderPage(page.path);
          const html = fillTemplate(templates[page.hydrate], { ...rendered, head: page.head });
          const target = join(outDir, page.file);
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, html);
        }
        await rm(bundleDir, { recursive: true, force: true });
        // A template, not a page: the server must never answer with it.
        await rm(join(outDir, ISLANDS_TEMPLATE));
      },
    },
  };
}
