import { createGlobalStyle } from 'styled-components';
import { media } from './theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { scroll-behavior: smooth; -webkit-text-size-adjust: 100%; }
  ${media.reducedMotion} {
    html { scroll-behavior: auto; }
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: 1.6;
    color: ${({ theme }) => theme.colors.ink};
    background: ${({ theme }) => theme.colors.paper};
  }
  h1, h2, h3, h4 { font-family: ${({ theme }) => theme.fonts.heading}; line-height: 1.2; margin: 0 0 0.5em; }
  p { margin: 0 0 1em; }
  img, svg, video { max-width: 100%; display: block; }
  a { color: ${({ theme }) => theme.colors.brandDark}; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`;
