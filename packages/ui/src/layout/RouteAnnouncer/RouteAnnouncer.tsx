/**
 * After an in-app navigation, tells keyboard and screen-reader users where they are (WCAG 2.4.3
 * and 4.1.3, docs/product/screens.md#routes): once the new page has rendered its h1, focus moves
 * to it (without scrolling: ScrollToTop does that), and the page's title is announced in a polite
 * live region. The first page load does neither: the browser already reads a new document from
 * its start. A link to a #section leaves focus to ScrollToTop, which moves it to the section; a
 * page that has already put focus inside itself (a form's first field) keeps it
 * (./followPageHeading.ts).
 *
 * The live region is rendered empty on the server and the client alike, so hydration matches; a
 * new element is put in it for each announcement, so the same title twice is still read.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { sitePageFor } from '../../head/headTags';
import { followPageHeading } from './followPageHeading';

/** How long to follow a lazily loaded page's heading; the title is announced by then at the latest. */
const HEADING_WAIT_MS = 5000;

interface Announcement {
  id: number;
  text: string;
}

export interface RouteAnnouncerProps {
  /** The id of the element that holds the page (SiteLayout's <main>), where its h1 is looked for. */
  contentId: string;
}

export function RouteAnnouncer({ contentId }: RouteAnnouncerProps) {
  const { pathname, hash } = useLocation();
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const announcedPath = useRef(pathname);

  useEffect(() => {
    // Same path: the first render (also StrictMode's second run) or a #section of the same page.
    if (announcedPath.current === pathname) return undefined;
    announcedPath.current = pathname;
    const content = document.getElementById(contentId);
    if (!content) return undefined;
    const title = sitePageFor(pathname).title;
    return followPageHeading(content, {
      moveFocus: !hash,
      timeoutMs: HEADING_WAIT_MS,
      onFirst: () => setAnnouncement((last) => ({ id: (last?.id ?? 0) + 1, text: title })),
    });
  }, [pathname, hash, contentId]);

  return (
    <div role="status" className="visually-hidden">
      {announcement && <span key={announcement.id}>{announcement.text}</span>}
    </div>
  );
}
