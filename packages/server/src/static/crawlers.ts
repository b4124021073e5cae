/**
 * robots.txt and sitemap.xml, written from the contract's page table (packages/contract/src/sitePages.ts)
 * and this server's PUBLIC_URL, which the build does not know. A page that exists only while the
 * evidence is published (/impact, docs/product/insights.md) is in the sitemap only while it is.
 */
import { sitePages } from '@prr/contract';
import type { AppConfig } from '../config.js';
import { escapeMarkup } from '../markup.js';
import type { AppMiddleware } from '../http/context.js';

/**
 * Everything but the API may be crawled. /admin and /dashboard are not disallowed on purpose: their
 * HTML carries `noindex`, which a crawler can only obey if it may read the page; a disallowed page can
 * still be indexed from links to it.
 */
export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/** The sitemaps.org list of every indexed page, by its absolute address; `published`: whether the evidence is. */
export function sitemapXml(publicUrl: string, published: boolean): string {
  const urls = sitePages
    .filter((page) => page.indexed && (published || !('existsWhilePublished' in page)))
    .map((page) => `  <url><loc>${escapeMarkup(publicUrl + page.path)}</loc></url>\n`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls +
    '</urlset>\n'
  );
}

export interface CrawlerFilesOptions {
  /** Whether the evidence is published, so /impact is a page. */
  impactPublished: () => Promise<boolean>;
}

const files = new Map<
  string,
  { type: string; body: (publicUrl: string, options: CrawlerFilesOptions) => string | Promise<string> }
>([
  ['/robots.txt', { type: 'text/plain; charset=utf-8', body: robotsTxt }],
  [
    '/sitemap.xml',
    {
      type: 'application/xml; charset=utf-8',
      body: async (publicUrl, { impactPublished }) => sitemapXml(publicUrl, await impactPublished()),
    },
  ],
]);

/** `config` is read per request: tests set publicUrl once the server listens. */
export function serveCrawlerFiles(config: Pick<AppConfig, 'publicUrl'>, options: CrawlerFilesOptions): AppMiddleware {
  return async (ctx, next) => {
    const file = files.get(ctx.path);
    if (!file || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const body = await file.body(config.publicUrl, options);
    ctx.type = file.type;
    // Small and cheap to write; revalidated so a changed PUBLIC_URL or a publication shows at once.
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = body;
  };
}
