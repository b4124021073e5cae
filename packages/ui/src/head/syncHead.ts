/**
 * Brings a document's <head> in line with a page's tags: updates the elements the prerendered HTML
 * already has, creates those the dev servers' single index.html lacks, and removes the ones the new
 * page does not have (robots noindex after leaving /dashboard). A value that is already right is
 * left alone, so the first pass over a prerendered page changes nothing.
 */
import { notFoundPage, PUBLIC_ORIGIN_PLACEHOLDER, sitePages } from '@prr/contract';
import { headTags, headTagSelector, type HeadTag } from './headTags';

/** Every element any page's head can hold: the ones a page goes without are removed. */
const EVERY_SELECTOR = new Set(
  [...sitePages, notFoundPage].flatMap((page) => headTags(page, PUBLIC_ORIGIN_PLACEHOLDER).map(headTagSelector)),
);

export function syncHeadTags(doc: Document, tags: readonly HeadTag[]): void {
  const wanted = new Set(tags.map(headTagSelector));
  for (const selector of EVERY_SELECTOR) {
    if (!wanted.has(selector)) doc.head.querySelector(selector)?.remove();
  }
  for (const tag of tags) {
    if (tag.kind === 'title') {
      if (doc.title !== tag.text) doc.title = tag.text;
      continue;
    }
    const element = doc.head.querySelector(headTagSelector(tag)) ?? doc.head.appendChild(doc.createElement(tag.kind));
    for (const [name, value] of Object.entries(tag.attrs)) {
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
  }
}

/**
 * The origin of the page's absolute links: the one the served HTML already names (the server puts
 * its PUBLIC_URL there), so a visitor on another host name never turns the canonical address into
 * theirs; else, on the dev servers, this window's.
 */
export function headOrigin(doc: Document): string {
  const named =
    doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ??
    doc.head.querySelector('meta[property="og:image"]')?.getAttribute('content');
  const origin = named ? originOf(named) : undefined;
  return origin && origin !== PUBLIC_ORIGIN_PLACEHOLDER ? origin : doc.location.origin;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
