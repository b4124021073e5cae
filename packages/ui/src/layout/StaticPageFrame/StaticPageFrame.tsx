/**
 * The frame of a static page with islands (docs/decisions/031-islands.md): the same frame as the
 * client app's, with the navigation bar and the floating Join button as islands hydrated once the
 * page is idle. No toast region here: the one island that raises toasts (the home join form) brings
 * its own (JoinFormIsland). Nothing follows a navigation here: every link is a normal page
 * load, so the browser itself opens the next page at its top, with its own title, and moves focus.
 */
import type { ReactNode } from 'react';
import { Island } from '../../islands/Island';
import { FloatingJoinButton } from '../FloatingJoinButton';
import { Navbar } from '../Navbar';
import { SiteFrame } from '../SiteFrame';

export function StaticPageFrame({ children }: { children: ReactNode }) {
  return (
    <SiteFrame
      header={<Island component={Navbar} load="idle" />}
      floating={<Island component={FloatingJoinButton} load="scroll" />}
    >
      {children}
    </SiteFrame>
  );
}
