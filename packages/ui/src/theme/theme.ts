/** Design tokens: one source for colours, type, spacing and the map's amber bands. */
export const theme = {
  colors: {
    ink: '#2b2118',
    inkSoft: '#5c4a3b',
    muted: '#7a6a5c',
    paper: '#fffaf3',
    surface: '#ffffff',
    sand: '#f5ead9',
    border: '#e6d7c3',
    brand: '#b4540a',
    brandDark: '#8a3f06',
    brandSoft: '#fde7cf',
    olive: '#5f7d3a',
    oliveSoft: '#e7efdc',
    sky: '#2f6f8f',
    danger: '#b42318',
    dangerSoft: '#fde8e6',
    success: '#2e7d4f',
    successSoft: '#e3f4ea',
    focus: '#1d4ed8',
    hoverState: '#5a3412',
    /** Participation bands: none, 1-49, 50-99, 100-249, 250-499, 500-999, 1000+. */
    mapBands: ['#fbf8f3', '#fef3c7', '#fde68a', '#fcd34d', '#f59e0b', '#d97706', '#92400e'],
  },
  fonts: {
    heading: "'Georgia', 'Iowan Old Style', 'Palatino Linotype', serif",
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    '2xl': '1.75rem',
    '3xl': '2.25rem',
    '4xl': 'clamp(2.25rem, 5vw, 3.5rem)',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    '2xl': '3rem',
    '3xl': '4.5rem',
  },
  radii: { sm: '6px', md: '12px', lg: '20px', pill: '999px' },
  shadows: {
    card: '0 1px 2px rgba(43, 33, 24, 0.06), 0 4px 16px rgba(43, 33, 24, 0.06)',
    raised: '0 8px 30px rgba(43, 33, 24, 0.14)',
  },
  breakpoints: { sm: '480px', md: '768px', lg: '1024px', xl: '1280px' },
  layout: { maxWidth: '1180px', navHeight: '64px' },
  zIndex: { nav: 50, floating: 40, overlay: 80, toast: 100 },
} as const;

export type Theme = typeof theme;

/** Media query helpers so components read `${media.md} { ... }`. */
export const media = {
  sm: `@media (min-width: ${theme.breakpoints.sm})`,
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;
