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
import { notFoundPage, prerenderedFile, PUBLIC_ORIGIN_PLACEHOLDER, sitePages } from '@prr/contract';
import { renderHeadTags } from '@prr/ui/head';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { App } from './App';
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
}

export function pagesToPrerender(): PageToPrerender[] {
  return [...sitePages, notFoundPage].map((page) => ({
    path: page.path,
    file: prerenderedFile(page),
    head: renderHeadTags(page, PUBLIC_ORIGIN_PLACEHOLDER),
    shell: page.prerender === 'shell',
  }));
}

/** Any origin will do: the path is all the route table matches on. */
const RENDER_ORIGIN = 'http://prerender.invalid';

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, RENDER_ORIGIN)));
  if (context instanceof Response) {
    throw new Error(`Prerendering ${path}: the route answered ${context.status} instead of a page`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet();
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerender(
      sheet.collectStyles(
        <StrictMode>
          {/* hydrate={false}: no inline hydration script, which the site's CSP would refuse. */}
          <App router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />
        </StrictMode>,
      ),
      {
        // Every Suspense boundary in place, in order: React would otherwise move a large one to the
        // end of the document behind its fallback, with an inline script to swap it in (refused by
        // the CSP, and a flash of the fallback besides).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A page that throws while rendering would be sent with its fallback and left to the
        // browser: fail the build instead.
        onError(error) {
          errors.push(error);
        },
      },
    );
    const html = await new Response(prelude).text();
    if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${path} failed`);
    if (/<script\b/.test(html)) throw new Error(`Prerendering ${path} produced an inline script`);
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
