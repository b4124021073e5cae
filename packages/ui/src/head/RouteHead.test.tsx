import { findSitePage, notFoundPage, type SitePage } from '@prr/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderHeadTags } from './headTags';
import { RouteHead } from './RouteHead';

function page(path: string): SitePage {
  const found = findSitePage(path);
  if (!found) throw new Error(`No site page at ${path}`);
  return found;
}

/** Every route shows links to the others, so the test can walk the site. */
function Links() {
  return (
    <nav>
      <Link to="/">Home</Link>
      <Link to="/about">About</Link>
      <Link to="/dashboard">Dashboard</Link>
      <Link to="/no-such-page">Broken link</Link>
    </nav>
  );
}

function renderAt(route: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[route]}>
      <RouteHead />
      <Routes>
        <Route path="*" element={<Links />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user };
}

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
const robots = () => meta('meta[name="robots"]');

describe('RouteHead (docs/product/screens.md#routes)', () => {
  beforeEach(() => {
    // The dev servers' index.html: a generic title and description, nothing else of ours.
    document.head.innerHTML = '<title>Generic</title><meta name="description" content="Generic">';
  });

  it("gives the head the page's title, description, canonical address and share preview", () => {
    renderAt('/about');
    const about = page('/about');
    expect(document.title).toBe(about.title);
    expect(meta('meta[name="description"]')).toBe(about.description);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(canonical()).toBe(`${window.location.origin}/about`);
    expect(meta('meta[property="og:title"]')).toBe(about.title);
    expect(meta('meta[property="og:description"]')).toBe(about.description);
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}/about`);
    expect(meta('meta[name="twitter:title"]')).toBe(about.title);
    expect(meta('meta[name="twitter:description"]')).toBe(about.description);
    expect(robots()).toBeNull();
  });

  it('follows each navigation: noindex on /dashboard, gone again on /', async () => {
    const { user } = renderAt('/about');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(document.title).toBe(page('/dashboard').title);
    expect(meta('meta[name="description"]')).toBe(page('/dashboard').description);
    expect(canonical()).toBe(`${window.location.origin}/dashboard`);
    expect(robots()).toBe('noindex');

    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(document.title).toBe(page('/').title);
    expect(canonical()).toBe(`${window.location.origin}/`);
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}/`);
    expect(robots()).toBeNull();
  });

  it('names Page Not Found for an unknown path, without a canonical address', async () => {
    const { user } = renderAt('/');
    await user.click(screen.getByRole('link', { name: 'Broken link' }));
    expect(document.title).toBe(notFoundPage.title);
    expect(meta('meta[name="description"]')).toBe(notFoundPage.description);
    expect(robots()).toBe('noindex');
    expect(canonical()).toBeNull();
    expect(meta('meta[property="og:url"]')).toBeNull();
  });

  it('changes nothing in the head the build wrote, and keeps its public address on later pages', async () => {
    document.head.innerHTML = renderHeadTags(page('/dashboard'), 'https://pausereflectretry.example');
    const written = document.head.innerHTML;
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(document.head, { subtree: true, childList: true, attributes: true, characterData: true });

    const { user } = renderAt('/dashboard');
    await Promise.resolve();
    expect(changes.concat(observer.takeRecords())).toEqual([]);
    expect(document.head.innerHTML).toBe(written);
    observer.disconnect();

    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(canonical()).toBe('https://pausereflectretry.example/about');
    expect(robots()).toBeNull();
  });
});
