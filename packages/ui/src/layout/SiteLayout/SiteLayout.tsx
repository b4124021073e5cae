/**
 * The frame every route renders in: skip link, fixed navigation, the page (lazy, with a light
 * fallback), the floating Join Experiment button, the footer; and what follows each navigation:
 * the head names the new page, the page scrolls (or Back restores it), focus moves to the page's
 * heading and its title is announced. No MotionProvider here: the dashboard's level-up, framer-motion's
 * only user, carries its own, so public pages never load framer-motion.
 */
import { Suspense, type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { RouteHead } from '../../head/RouteHead';
import { scrollToId } from '../../motion/scroll';
import { PageMain } from '../../primitives';
import { FloatingJoinButton } from '../FloatingJoinButton';
import { Footer } from '../Footer';
import { Navbar } from '../Navbar';
import { RouteAnnouncer } from '../RouteAnnouncer';
import { ScrollToTop } from '../ScrollToTop';

export const MAIN_CONTENT_ID = 'main-content';

export function SiteLayout() {
  // Move focus into the page without pushing a #hash entry into the router's history.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    scrollToId(MAIN_CONTENT_ID);
  };

  return (
    <>
      <SkipLink href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
        Skip to content
      </SkipLink>
      <RouteHead />
      <ScrollToTop />
      <RouteAnnouncer contentId={MAIN_CONTENT_ID} />
      <Navbar />
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Main>
      <FloatingJoinButton />
      <Footer />
    </>
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

const SkipLink = styled.a`
  position: fixed;
  top: ${({ theme }) => theme.space.sm};
  left: ${({ theme }) => theme.space.sm};
  z-index: ${({ theme }) => theme.zIndex.toast};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.paper};
  font-weight: 700;
  transform: translateY(-200%);
  &:focus {
    transform: translateY(0);
  }
`;

const Main = styled(PageMain)`
  &:focus {
    outline: none;
  }
`;
