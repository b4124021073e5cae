import { findSitePage, notFoundPage, shareImage, siteName, sitePages, type SitePage } from '@prr/contract';
import { describe, expect, it } from 'vitest';
import { headTags, headTagSelector, renderHeadTags, sitePageFor, type HeadTag } from './headTags';

const ORIGIN = 'https://example.org';

function page(path: string): SitePage {
  const found = findSitePage(path);
  if (!found) throw new Error(`No site page at ${path}`);
  return found;
}

/** The tags as selector -> the value a reader sees (the title's text, a meta's content, a link's href). */
function byTag(tags: HeadTag[]): Record<string, string> {
  return Object.fromEntries(
    tags.map((tag) => [
      headTagSelector(tag),
      tag.kind === 'title' ? tag.text : 'content' in tag.attrs ? tag.attrs.content : tag.attrs.href,
    ]),
  );
}

describe('headTags (docs/decisions/018-prerendered-public-pages.md)', () => {
  it("names an indexed page's title, description, canonical address and share preview", () => {
    const about = page('/about');
    expect(byTag(headTags(about, ORIGIN))).toEqual({
      title: about.title,
      'meta[name="description"]': about.description,
      'link[rel="canonical"]': 'https://example.org/about',
      'meta[property="og:type"]': 'website',
      'meta[property="og:site_name"]': siteName,
      'meta[property="og:title"]': about.title,
      'meta[property="og:description"]': about.description,
      'meta[property="og:url"]': 'https://example.org/about',
      'meta[property="og:image"]': `https://example.org${shareImage.path}`,
      'meta[property="og:image:width"]': '1200',
      'meta[property="og:image:height"]': '630',
      'meta[property="og:image:alt"]': shareImage.alt,
      'meta[name="twitter:card"]': 'summary_large_image',
      'meta[name="twitter:title"]': about.title,
      'meta[name="twitter:description"]': about.description,
      'meta[name="twitter:image"]': `https://example.org${shareImage.path}`,
      'meta[name="twitter:image:alt"]': shareImage.alt,
    });
  });

  it("shares a page with an image of its own by that image, and every other page by the site's", () => {
    const everyPage: SitePage[] = [...sitePages, notFoundPage];
    for (const sitePage of everyPage) {
      const image = sitePage.image ?? shareImage;
      const tags = byTag(headTags(sitePage, ORIGIN));
      expect(tags['meta[property="og:image"]'], sitePage.path).toBe(`https://example.org${image.path}`);
      expect(tags['meta[name="twitter:image"]'], sitePage.path).toBe(`https://example.org${image.path}`);
      expect(tags['meta[property="og:image:alt"]'], sitePage.path).toBe(image.alt);
      expect(tags['meta[name="twitter:image:alt"]'], sitePage.path).toBe(image.alt);
    }
    expect(byTag(headTags(page('/impact'), ORIGIN))['meta[property="og:image"]']).toBe(
      'https://example.org/assets/impact-card.png',
    );
  });

  it('asks search engines not to index exactly the pages that are not indexed', () => {
    for (const sitePage of sitePages) {
      const robots = byTag(headTags(sitePage, ORIGIN))['meta[name="robots"]'];
      expect(robots, sitePage.path).toBe(sitePage.indexed ? undefined : 'noindex');
    }
  });

  it('gives Page Not Found no address of its own, and keeps it out of search', () => {
    const tags = byTag(headTags(notFoundPage, ORIGIN));
    expect(tags.title).toBe(notFoundPage.title);
    expect(tags['meta[name="robots"]']).toBe('noindex');
    expect(tags['link[rel="canonical"]']).toBeUndefined();
    expect(tags['meta[property="og:url"]']).toBeUndefined();
  });

  it('spells the home page with its slash and ignores a trailing slash on the origin', () => {
    expect(byTag(headTags(page('/'), 'https://example.org/'))['link[rel="canonical"]']).toBe('https://example.org/');
  });

  it('holds one element per selector, so the browser can find each again', () => {
    for (const sitePage of [...sitePages, notFoundPage]) {
      const selectors = headTags(sitePage, ORIGIN).map(headTagSelector);
      expect(new Set(selectors).size, sitePage.path).toBe(selectors.length);
    }
  });
});

describe('sitePageFor', () => {
  it('finds a page with or without a trailing slash, and Page Not Found for any other path', () => {
    expect(sitePageFor('/map/')).toBe(page('/map'));
    expect(sitePageFor('/no-such-page')).toBe(notFoundPage);
  });
});

describe('renderHeadTags', () => {
  it('writes one element a line for the static head', () => {
    const dashboard = page('/dashboard');
    const html = renderHeadTags(dashboard, ORIGIN).split('\n');
    expect(html[0]).toBe(`<title>${dashboard.title}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<link rel="canonical" href="https://example.org/dashboard">');
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toHaveLength(headTags(dashboard, ORIGIN).length);
  });

  it('escapes what would end an attribute or an element', () => {
    const tricky: SitePage = {
      path: '/x',
      title: 'Fish & "chips" </title><script>',
      description: "It's <b>bold</b>",
      indexed: true,
      prerender: 'page',
      hydrate: 'islands',
    };
    const html = renderHeadTags(tricky, ORIGIN);
    expect(html).toContain('<title>Fish &amp; &quot;chips&quot; &lt;/title&gt;&lt;script&gt;</title>');
    expect(html).toContain('<meta name="description" content="It&#39;s &lt;b&gt;bold&lt;/b&gt;">');
    expect(html).not.toContain('<script>');
  });
});
