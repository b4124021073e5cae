export { theme, media, type Theme } from './theme';
export { GlobalStyle } from './GlobalStyle';
