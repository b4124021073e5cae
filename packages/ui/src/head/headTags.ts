/**
 * A page's <head> as data (docs/decisions/018-prerendered-public-pages.md): its title, description,
 * canonical address, share preview (Open Graph and Twitter; the page's own image or the site's)
 * and, for pages left out of search, robots noindex. Written once here for both readers: the build
 * writes it into each prerendered page's static head (renderHeadTags), and the browser brings the
 * head in line with each new route (syncHeadTags). No DOM here, so the build can call it in Node.
 */
import { findSitePage, notFoundPage, shareImage, siteName, type SitePage } from '@prr/contract';

export type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta'; attrs: { name: string; content: string } }
  | { kind: 'meta'; attrs: { property: string; content: string } }
  | { kind: 'link'; attrs: { rel: 'canonical'; href: string } };

/** The page a path shows: one of the site's pages, or Page Not Found for any other path. */
export function sitePageFor(pathname: string): SitePage {
  return findSitePage(pathname) ?? notFoundPage;
}

/**
 * The head of `page` with absolute links on `origin` (`https://example.org`, no trailing slash
 * needed). Page Not Found has no address of its own, so it names no canonical or og:url.
 */
export function headTags(page: SitePage, origin: string): HeadTag[] {
  const base = origin.replace(/\/+$/, '');
  const url = page === notFoundPage ? undefined : `${base}${page.path}`;
  const shared = page.image ?? shareImage;
  const image = `${base}${shared.path}`;
  const named = (name: string, content: string): HeadTag => ({ kind: 'meta', attrs: { name, content } });
  const property = (name: string, content: string): HeadTag => ({ kind: 'meta', attrs: { property: name, content } });
  const canonical = (href: string): HeadTag => ({ kind: 'link', attrs: { rel: 'canonical', href } });

  return [
    { kind: 'title', text: page.title },
    named('description', page.description),
    ...(page.indexed ? [] : [named('robots', 'noindex')]),
    ...(url ? [canonical(url)] : []),
    property('og:type', 'website'),
    property('og:site_name', siteName),
    property('og:title', page.title),
    property('og:description', page.description),
    ...(url ? [property('og:url', url)] : []),
    property('og:image', image),
    property('og:image:width', String(shared.width)),
    property('og:image:height', String(shared.height)),
    property('og:image:alt', shared.alt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', page.title),
    named('twitter:description', page.description),
    named('twitter:image', image),
    named('twitter:image:alt', shared.alt),
  ];
}

/** The CSS selector of the one element a tag stands for in a document's head. */
export function headTagSelector(tag: HeadTag): string {
  switch (tag.kind) {
    case 'title':
      return 'title';
    case 'link':
      return `link[rel="${tag.attrs.rel}"]`;
    case 'meta':
      return 'name' in tag.attrs ? `meta[name="${tag.attrs.name}"]` : `meta[property="${tag.attrs.property}"]`;
  }
}

/** The page's head as HTML for the build's static <head>, one element a line, every value escaped. */
export function renderHeadTags(page: SitePage, origin: string): string {
  return headTags(page, origin).map(renderTag).join('\n');
}

function renderTag(tag: HeadTag): string {
  if (tag.kind === 'title') return `<title>${escapeHtml(tag.text)}</title>`;
  const attrs = Object.entries(tag.attrs)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ');
  return `<${tag.kind} ${attrs}>`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}
