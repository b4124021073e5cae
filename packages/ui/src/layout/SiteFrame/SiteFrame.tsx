/**
 * What every page sits in, the client app's and the static pages' alike: the skip link, whatever
 * comes before the page (the navigation bar), the page in <main>, the floating Join button and the
 * footer. SiteLayout fills it for the client app, StaticPageFrame for the pages with islands.
 */
import type { MouseEventHandler, ReactNode } from 'react';
import styled from 'styled-components';
import { PageMain } from '../../primitives';
import { Footer } from '../Footer';

export const MAIN_CONTENT_ID = 'main-content';

export interface SiteFrameProps {
  /** Between the skip link and the page: the navigation bar, and what the client app keeps there. */
  header: ReactNode;
  children: ReactNode;
  /** After the page, before the footer: the floating Join button. */
  floating: ReactNode;
  onSkipToContent?: MouseEventHandler<HTMLAnchorElement>;
}

export function SiteFrame({ header, children, floating, onSkipToContent }: SiteFrameProps) {
  return (
    <>
      <SkipLink href={`#${MAIN_CONTENT_ID}`} onClick={onSkipToContent}>
        Skip to content
      </SkipLink>
      {header}
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </Main>
      {floating}
      <Footer />
    </>
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
