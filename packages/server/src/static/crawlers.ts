/**
 * robots.txt and sitemap.xml, written from the contract's page table (packages/contract/src/sitePages.ts)
 * and this server's PUBLIC_URL, which the build does not know.
 */
import { sitePages } from '@prr/contract';
import type { AppConfig } from '../config.js';
import type { AppMiddleware } from '../http/context.js';

/**
 * Everything but the API may be crawled. /admin and /dashboard are not disallowed on purpose: their
 * HTML carries `noindex`, which a crawler can only obey if it may read the page; a disallowed page can
 * still be indexed from links to it.
 */
export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** The sitemaps.org list of every indexed page, by its absolute address. */
export function sitemapXml(publicUrl: string): string {
  const urls = sitePages
    .filter((page) => page.indexed)
    .map((page) => `  <url><loc>${escapeXml(publicUrl + page.path)}</loc></url>\n`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls +
    '</urlset>\n'
  );
}

const files = new Map<string, { type: string; body: (publicUrl: string) => string }>([
  ['/robots.txt', { type: 'text/plain; charset=utf-8', body: robotsTxt }],
  ['/sitemap.xml', { type: 'application/xml; charset=utf-8', body: sitemapXml }],
]);

/** `config` is read per request: tests set publicUrl once the server listens. */
export function serveCrawlerFiles(config: Pick<AppConfig, 'publicUrl'>): AppMiddleware {
  return async (ctx, next) => {
    const file = files.get(ctx.path);
    if (!file || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.type = file.type;
    // Small and cheap to write; revalidated so a changed PUBLIC_URL shows at once.
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = file.body(config.publicUrl);
  };
}
