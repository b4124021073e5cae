/**
 * Serves the built site for every non-API GET and HEAD (docs/product/api.md#outside-api): a path
 * that is one of the site's pages answers that page's prerendered HTML (packages/contract/src/sitePages.ts),
 * a real file answers itself (files.ts), a missing file answers a plain 404, and any other path
 * answers the Page Not Found page with status 404, so search engines never index a made-up address.
 *
 * A 'frame' page (/dashboard) is two files, chosen by the member cookie
 * (docs/decisions/033-one-request-dashboard.md): a live member session gets the member's frame, and
 * any other browser the signed-out page, the e-mail form as HTML, so it never asks who is signed in.
 *
 * A page that exists only while the evidence is published (/impact, `existsWhilePublished`,
 * docs/product/insights.md) is Page Not Found with status 404 until the organiser publishes it;
 * then its file, with each of the build's placeholders (IMPACT_PLACEHOLDERS) holding its text from
 * the snapshot. Revalidated like every page, so a new snapshot or a withdrawal shows at once.
 *
 * A build made before pages were prerendered has only index.html: it answers every page (200) and
 * every unknown path (404), and the browser renders the route. Without a build, a small page says
 * how to make one instead of an empty 404.
 */
import { join } from 'node:path';
import {
  findSitePage,
  notFoundPage,
  prerenderedFile,
  signedOutFile,
  sitePages,
  type ImpactSnapshot,
  type SitePage,
} from '@prr/contract';
import { IMPACT_PLACEHOLDERS, IMPACT_SLOTS, impactTexts } from '@prr/domain';
import type { AppConfig } from '../config.js';
import { escapeMarkup } from '../markup.js';
import type { AppContext, AppMiddleware } from '../http/context.js';
import { namesFile, sendBuiltFile } from './files.js';
import { HtmlCache, type HtmlSlots, type PreparedHtml } from './htmlCache.js';

const NO_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pause. Reflect. Retry. - site not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The site has not been built yet</h1>
<p>The API is running, but there is no built site to serve. Run <code>npm run build</code>
(or start with <code>npm start</code>, which builds what is missing), then reload this page.</p>
</body></html>`;

/** The page files asked for by name (/index.html, /about/index.html, /404.html) are their pages. */
const pageOfFile = new Map<string, SitePage>(
  [...sitePages, notFoundPage].map((page) => [`/${prerenderedFile(page)}`, page]),
);

/**
 * The files that can answer a page, best first: its own (for a signed-out visitor, its signed-out
 * variant when it has one), then the single page of an older build.
 */
function candidateFiles(page: SitePage, signedIn: boolean): string[] {
  const signedOut = signedIn ? undefined : signedOutFile(page);
  return [...new Set([...(signedOut ? [signedOut] : []), prerenderedFile(page), 'index.html'])];
}

/**
 * The address a page is known by, when a request names it another way (/about/, /about/index.html):
 * the browser's router renders the path it is given, so the page it hydrates must be the one it
 * names, and search engines should see one address per page.
 */
function canonicalPath(path: string, page: SitePage): string | undefined {
  return page !== notFoundPage && path !== page.path ? page.path : undefined;
}

function pageAt(path: string): SitePage | undefined {
  return findSitePage(path) ?? pageOfFile.get(path);
}

function isApi(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Brotli when the client takes it (smaller than gzip), then gzip, as koa-send chooses for the build's
 * files; a client that accepts neither gets the page as it is.
 */
function encodingFor(ctx: AppContext): 'br' | 'gzip' | 'identity' {
  if (ctx.acceptsEncodings('br', 'identity') === 'br') return 'br';
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') return 'gzip';
  return 'identity';
}

/** The snapshot's texts, escaped, for the placeholders the build wrote into /impact. */
function impactSlots(snapshot: ImpactSnapshot): HtmlSlots {
  const texts = impactTexts(snapshot);
  return Object.fromEntries(IMPACT_SLOTS.map((slot) => [IMPACT_PLACEHOLDERS[slot], escapeMarkup(texts[slot])]));
}

function answerHtml(ctx: AppContext, html: PreparedHtml, status: number): void {
  ctx.status = status;
  ctx.type = 'html';
  // Revalidated every time, so a deploy shows at once; the ETag makes that a 304.
  ctx.set('Cache-Control', 'no-cache');
  ctx.etag = html.etag;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const encoding = encodingFor(ctx);
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.body = html[encoding];
}

export interface ServePagesOptions {
  /** Whether the request carries a live member session (the member cookie's): it chooses a 'frame' page's file. */
  memberSignedIn: (ctx: AppContext) => Promise<boolean>;
  /** The evidence published on /impact; undefined while nothing is. */
  impactSnapshot: () => Promise<ImpactSnapshot | undefined>;
}

/** `config` is read per request: tests set publicUrl once the server listens. */
export function servePages(
  config: Pick<AppConfig, 'staticDir' | 'publicUrl'>,
  { memberSignedIn, impactSnapshot }: ServePagesOptions,
): AppMiddleware {
  const cache = new HtmlCache();

  async function answerPage(ctx: AppContext, page: SitePage): Promise<void> {
    let slots: HtmlSlots = {};
    if (page.existsWhilePublished) {
      const snapshot = await impactSnapshot();
      if (!snapshot) return answerPage(ctx, notFoundPage);
      slots = impactSlots(snapshot);
    }
    const status = page === notFoundPage ? 404 : 200;
    const chosenByCookie = signedOutFile(page) !== undefined;
    // Caches must keep the member's frame and the signed-out page apart.
    if (chosenByCookie) ctx.vary('Cookie');
    const signedIn = chosenByCookie && (await memberSignedIn(ctx));
    for (const file of candidateFiles(page, signedIn)) {
      const html = await cache.get(join(config.staticDir, file), config.publicUrl, slots);
      if (html) return answerHtml(ctx, html, status);
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = NO_BUILD_PAGE;
  }

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApi(ctx.path)) return next();
    // Compressed and plain bytes share a URL, so caches must key on the encoding.
    ctx.vary('Accept-Encoding');
    const page = pageAt(ctx.path);
    const moved = page && canonicalPath(ctx.path, page);
    if (moved) {
      ctx.status = 301;
      ctx.redirect(`${moved}${ctx.search}`);
      return;
    }
    if (page) return answerPage(ctx, page);
    if (await sendBuiltFile(ctx, config.staticDir)) return;
    if (namesFile(ctx.path)) return next();
    return answerPage(ctx, notFoundPage);
  };
}
