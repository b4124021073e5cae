/**
 * The frame every route renders in: skip link, fixed navigation, the page (lazy, with a light
 * fallback), the floating Join Experiment button, the footer; and what follows each navigation:
 * the head names the new page, the page scrolls (or Back restores it), focus moves to the page's
 * heading and its title is announced. No MotionProvider here: the dashboard's level-up, framer-motion's
 * only user, carries its own, so public pages never load framer-motion.
 */
import { Suspense, type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteHead } from '../../head/RouteHead';
import { RouterNavigation } from '../../navigation/RouterNavigation';
import { scrollToId } from '../../motion/scroll';
import { FloatingJoinButton } from '../FloatingJoinButton';
import { Navbar } from '../Navbar';
import { RouteAnnouncer } from '../RouteAnnouncer';
import { ScrollToTop } from '../ScrollToTop';
import { MAIN_CONTENT_ID, SiteFrame } from '../SiteFrame';

export interface SiteLayoutProps {
  /** Pages the site serves as static HTML with islands: links to them are normal page loads (the app passes them). */
  fullPageLoad?: (path: string) => boolean;
}

/** The client app's frame, around the router's page. */
export function SiteLayout({ fullPageLoad }: SiteLayoutProps) {
  // Move focus into the page without pushing a #hash entry into the router's history.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    scrollToId(MAIN_CONTENT_ID);
  };

  return (
    <RouterNavigation fullPageLoad={fullPageLoad}>
      <SiteFrame
        onSkipToContent={skipToContent}
        header={
          <>
            <RouteHead />
            <ScrollToTop />
            <RouteAnnouncer contentId={MAIN_CONTENT_ID} />
            <Navbar />
          </>
        }
        floating={<FloatingJoinButton />}
      >
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </SiteFrame>
    </RouterNavigation>
  );
}

/** Shown while a page's chunk loads: quiet, so fast loads do not flash a spinner. <main> keeps a full screen. */
function PageFallback() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading page…</span>
    </div>
  );
}
