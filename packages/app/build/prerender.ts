/**
 * Prerendering, as the last step of the site's production build
 * (docs/decisions/018-prerendered-public-pages.md). Once Vite has written the browser build, this
 * bundles packages/app/src/prerender.tsx for Node with the same plugins, renders every page of
 * `sitePages` (and the 404 page) with it, and writes each into a copy of the built index.html at
 * `prerenderedFile(page)`: the page's own head, its critical CSS, and its markup inside #root.
 * The server answers each path with its file (packages/server/src/static/).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption } from 'vite';
import { afterClientBuild } from './afterClientBuild.ts';
import { ISLANDS_ENTRY } from './islandsBuild.ts';
import { appRouteChunk, MANIFESTS, staticClosure, type Manifest } from './routeChunk.ts';

/** What packages/app/src/prerender.tsx exports. */
interface PrerenderModule {
  pagesToPrerender(): {
    path: string;
    file: string;
    head: string;
    shell: boolean;
    hydrate: 'islands' | 'app';
    variant?: string;
    preloadRead?: string;
  }[];
  renderPage(path: string, variant?: string): Promise<{ html: string; styles: string }>;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The static pages' template (docs/decisions/031-islands.md): the client app's built index.html, its
 * one head for every page, with the islands' script and its preloads in place of the app's.
 */
export function islandsTemplate(appTemplate: string, manifest: Manifest): string {
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) throw new Error(`The islands build's manifest has no ${ISLANDS_ENTRY}`);
  const tags = [
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
    ...(entry.imports ?? []).map(
      (key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file ?? key}">`,
    ),
  ];
  const withoutApp = appTemplate
    .replace(/\s*<script type="module"[^>]*><\/script>/, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (withoutApp === appTemplate) throw new Error("index.html must hold the client app's module script");
  return withoutApp.replace('</head>', () => `${tags.map((tag) => `  ${tag}\n`).join('')}</head>`);
}

/**
 * A client-app page's own code, preloaded beside the entry's (`<link rel="modulepreload">`): the
 * browser fetches the page's chunk and its imports while the entry loads, instead of after it has
 * run (docs/decisions/033-one-request-dashboard.md). Nothing for a page whose chunk the manifest
 * does not name, or for a file the template already preloads.
 */
export function withPagePreloads(template: string, manifest: Manifest, path: string): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  const route = entry && appRouteChunk(manifest, entry, path);
  if (!route) return template;
  const links = [...staticClosure(manifest, route)]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `  <link rel="modulepreload" crossorigin href="/${file}">\n`);
  return template.replace('</head>', () => `${links.join('')}</head>`);
}

/**
 * The member's frame asks its first read (`GET /api/me/dashboard`) as its scripts start; preloaded
 * by the HTML, the request goes out with the scripts instead of after them, and the app's own fetch
 * takes its answer (docs/decisions/033-one-request-dashboard.md). `use-credentials`: the API
 * client's fetch sends the cookie with `credentials: 'include'`, and a preload is used only by a
 * request with the same credentials mode.
 */
export function withReadPreload(template: string, read: string): string {
  return template.replace(
    '</head>',
    () => `  <link rel="preload" href="${read}" as="fetch" crossorigin="use-credentials">\n</head>`,
  );
}

/** The built index.html with one page's head, styles and markup put in, and #root's variant when it has one. */
export function fillTemplate(
  template: string,
  page: { html: string; styles: string; head: string; variant?: string },
): string {
  if (!template.includes(ROOT_ELEMENT) || !/<title>[^<]*<\/title>/.test(template)) {
    throw new Error(`index.html must hold ${ROOT_ELEMENT} and a <title> for prerendering`);
  }
  return (
    template
      // The page's own head replaces the template's generic title and description.
      .replace(/<title>[^<]*<\/title>/, () => page.head)
      .replace(/\s*<meta\s+name="description"[^>]*>/, '')
      .replace('</head>', () => `${page.styles}</head>`)
      .replace(ROOT_ELEMENT, () => {
        const variant = page.variant === undefined ? '' : ` data-variant="${page.variant}"`;
        return `<div id="root"${variant}>${page.html}</div>`;
      })
  );
}

/**
 * @param plugins the transforms the Node bundle needs (React, and the styled-components one that
 * gives every component the same class name in both builds).
 */
export function prerenderPlugin(plugins: () => PluginOption[]): Plugin {
  return afterClientBuild('prr:prerender', async (config, outDir) => {
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
    // The client app's page and the static pages': the same head, another script.
    const app = await readFile(join(outDir, 'index.html'), 'utf8');
    const readManifest = async (file: string) => JSON.parse(await readFile(join(outDir, file), 'utf8')) as Manifest;
    const manifest = await readManifest(MANIFESTS.app);
    const templates = { app, islands: islandsTemplate(app, await readManifest(MANIFESTS.islands)) };
    for (const page of module.pagesToPrerender()) {
      const rendered = page.shell ? { html: '', styles: '' } : await module.renderPage(page.path, page.variant);
      const template =
        page.hydrate === 'app' && !page.shell
          ? withPagePreloads(templates.app, manifest, page.path)
          : templates[page.hydrate];
      const filled = fillTemplate(template, { ...rendered, head: page.head, variant: page.variant });
      const html = page.preloadRead ? withReadPreload(filled, page.preloadRead) : filled;
      const target = join(outDir, page.file);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, html);
    }
    await rm(bundleDir, { recursive: true, force: true });
  });
}
