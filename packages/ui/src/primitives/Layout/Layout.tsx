import styled from 'styled-components';
import { media } from '../../theme';

/** Centres content at the site's reading width. */
export const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};
  ${media.md} {
    padding: 0 ${({ theme }) => theme.space.xl};
  }
`;

/** A full-width band of a page with vertical rhythm. */
export const Section = styled.section<{ $tone?: 'paper' | 'sand' | 'surface' | 'dark' }>`
  padding: ${({ theme }) => theme.space['2xl']} 0;
  background: ${({ theme, $tone = 'paper' }) =>
    ({ paper: theme.colors.paper, sand: theme.colors.sand, surface: theme.colors.surface, dark: theme.colors.ink })[
      $tone
    ]};
  color: ${({ theme, $tone }) => ($tone === 'dark' ? theme.colors.paper : 'inherit')};
  ${media.md} {
    padding: ${({ theme }) => theme.space['3xl']} 0;
  }
`;

export const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  text-align: center;
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

export const SectionLead = styled.p`
  text-align: center;
  max-width: 42rem;
  margin: 0 auto ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

/**
 * The site's one <main>, below the fixed navigation bar (rendered by the site layout). A full
 * screen at least, so the footer starts below the fold on every page: a page that arrives after
 * the loading fallback, or after its data, never pushes the footer out of view (a layout shift).
 */
export const PageMain = styled.main`
  padding-top: ${({ theme }) => theme.layout.navHeight};
  min-height: 100vh;
`;

/** A page's own wrapper inside the layout's <main>: pages never render a second landmark. */
export const Page = styled.div``;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min = '240px' }) => $min}), 1fr));
`;
