/**
 * Build-time rendering of one page (docs/decisions/018-prerendered-public-pages.md): React 19's
 * static rendering waits for every lazy page and Suspense boundary, react-router's static handler
 * matches the path as the browser router will, and styled-components' ServerStyleSheet collects
 * the CSS the page uses so it arrives in the HTML. Bundled for Node by the build
 * (packages/app/build/prerenderPlugin.ts), which writes the result into each page's HTML file.
 *
 * Data from the API (products, testimonials, map counts, who is signed in) is not fetched here:
 * the queries start pending, so the HTML carries the same loading states the browser shows first,
 * and hydration starts from exactly that.
 */
import {
  findSitePage,
  notFoundPage,
  prerenderedFile,
  PUBLIC_ORIGIN_PLACEHOLDER,
  signedOutFile,
  sitePages,
  type Hydrate,
} from '@prr/contract';
import { GlobalStyle, SIGNED_OUT_VARIANT, theme } from '@prr/ui';
import { renderHeadTags } from '@prr/ui/head';
import { IslandCollector, IslandCollectorProvider, IslandFrame, islandSlot } from '@prr/ui/islands';
import { islandComponents, islandNameOf } from '@prr/ui/islands/components';
import { StaticPageFrame } from '@prr/ui/layout';
import { PlainLink, SiteNavigationProvider, type SiteLocation } from '@prr/ui/navigation';
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { App } from './App';
import { islandPages, signedOutPages } from './islandPages';
import { routes } from './routes';

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** <style> elements holding the CSS of the components the page rendered. */
  styles: string;
}

export interface PageToPrerender {
  path: string;
  /** Where in the build folder its HTML goes. */
  file: string;
  /** The page's <head> elements; absolute links on the placeholder origin the server replaces. */
  head: string;
  /** Only the head: the browser renders the page (docs: sitePages' `prerender`). */
  shell: boolean;
  /** Which script the page loads: the client app's, or the islands' (docs/decisions/031-islands.md). */
  hydrate: Hydrate;
  /** The signed-out page of a 'frame' route, written beside its member frame: #root's `data-variant`. */
  variant?: typeof SIGNED_OUT_VARIANT;
  /** The API read the page makes at once, which its HTML preloads (a 'frame' page's member frame). */
  preloadRead?: string;
}

export function pagesToPrerender(): PageToPrerender[] {
  return [...sitePages, notFoundPage].flatMap((page) => {
    const written: PageToPrerender = {
      path: page.path,
      file: prerenderedFile(page),
      head: renderHeadTags(page, PUBLIC_ORIGIN_PLACEHOLDER),
      shell: page.prerender === 'shell',
      hydrate: page.hydrate,
    };
    const signedOut = signedOutFile(page);
    // The member's frame preloads its first read; the signed-out page, a static page with islands
    // (islandPages.ts), asks nothing.
    return signedOut
      ? [
          { ...written, preloadRead: 'firstRead' in page ? page.firstRead : undefined },
          { ...written, file: signedOut, hydrate: 'islands', variant: SIGNED_OUT_VARIANT },
        ]
      : [written];
  });
}

/** Any origin will do: the path is all the route table matches on. */
const RENDER_ORIGIN = 'http://prerender.invalid';

/**
 * React 19's static rendering of one tree to HTML, waiting for every lazy part. A tree that throws
 * while rendering fails the build rather than leaving the page to the browser.
 */
async function renderToHtml(what: string, element: ReactNode, identifierPrefix?: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(element, {
    identifierPrefix,
    // Every Suspense boundary in place, in order: React would otherwise move a large one to the
    // end of the document behind its fallback, with an inline script to swap it in (refused by
    // the CSP, and a flash of the fallback besides).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      errors.push(error);
    },
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${what} failed`);
  if (/<script\b/.test(html)) throw new Error(`Prerendering ${what} produced an inline script`);
  return html;
}

export async function renderPage(path: string, variant?: typeof SIGNED_OUT_VARIANT): Promise<PrerenderedPage> {
  if (variant === SIGNED_OUT_VARIANT) return renderStaticPage(path, await pageAt(signedOutPages(), path));
  if (findSitePage(path)?.hydrate === 'islands') return renderStaticPage(path, await pageAt(islandPages(), path));
  return renderAppPage(path);
}

/** A page of the client app: the whole tree, as the browser's router will hydrate it. */
async function renderAppPage(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, RENDER_ORIGIN)));
  if (context instanceof Response) {
    throw new Error(`Prerendering ${path}: the route answered ${context.status} instead of a page`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet();
  try {
    const html = await renderToHtml(
      path,
      sheet.collectStyles(
        <StrictMode>
          {/* hydrate={false}: no inline hydration script, which the site's CSP would refuse. */}
          <App router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />
        </StrictMode>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/** A static page's component at a path, from one of islandPages.ts' tables, loaded. */
async function pageAt(pages: Record<string, () => Promise<ComponentType>>, path: string): Promise<ComponentType> {
  const load = pages[path];
  if (!load) throw new Error(`Prerendering ${path}: islandPages.ts has no page for it`);
  return load();
}

const noNavigation = () => {
  throw new Error('A static page navigates only in the browser');
};

/**
 * A page with islands (docs/decisions/031-islands.md): the page in the static frame, with no
 * router, no query client and nothing hydrated as a whole; then each island the page holds,
 * rendered as the browser will hydrate it, a root of its own inside the same frame, and put in
 * its slot. One style sheet collects the CSS of the page and of every island.
 */
async function renderStaticPage(path: string, Page: ComponentType): Promise<PrerenderedPage> {
  const location: SiteLocation = { pathname: path, search: '', hash: '' };
  const collector = new IslandCollector(islandNameOf);
  const sheet = new ServerStyleSheet();
  try {
    let html = await renderToHtml(
      path,
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <SiteNavigationProvider value={{ location, Link: PlainLink, navigate: noNavigation }}>
            <IslandCollectorProvider value={collector}>
              <StaticPageFrame>
                <Page />
              </StaticPageFrame>
            </IslandCollectorProvider>
          </SiteNavigationProvider>
        </ThemeProvider>,
      ),
    );
    for (const island of collector.islands) {
      const Root = islandComponents[island.name].root as ComponentType<Record<string, unknown>>;
      const islandHtml = await renderToHtml(
        `${path}'s ${island.name} island`,
        sheet.collectStyles(
          <IslandFrame location={location}>
            <Root {...island.props} />
          </IslandFrame>,
        ),
        island.key,
      );
      const slot = islandSlot(island.key);
      if (html.split(slot).length !== 2) throw new Error(`Prerendering ${path}: no single slot for ${island.name}`);
      html = html.replace(slot, () => islandHtml);
    }
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
