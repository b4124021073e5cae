/** The home page's section anchors (docs/product/screens.md#home); the footer links to some of them. */
export const sectionIds = {
  video: 'video',
  event: 'funfest',
  twoPaths: 'two-paths',
  quotes: 'quotes',
  about: 'about',
  products: 'products',
  testimonials: 'testimonials',
  join: 'join',
} as const;
