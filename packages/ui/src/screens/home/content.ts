/**
 * The home page's fixed copy and media that the movement may replace without touching layout:
 * the method film, the event images and the five quotes.
 */

/** The method film's embed URL; while it is empty the section shows 'Video Coming Soon'. */
export const methodVideoUrl: string | undefined = undefined;
export const methodVideoThumbnail = '/assets/home/video-thumbnail.svg';

export interface EventImage {
  src: string;
  alt: string;
}

export const funfestImages: readonly EventImage[] = [
  {
    src: '/assets/event/funfest-mission.svg',
    alt: 'FUNFest 2025 poster: Mission: Possible, with a bright festival stage under a sunrise',
  },
  {
    src: '/assets/event/funfest-olive-branch.svg',
    alt: 'An olive branch growing where a weapon once lay, the FUNFest 2025 symbol of conflict turned to peace',
  },
];

export interface Quote {
  text: string;
  author: string;
  role: string;
  location: string;
}

export const quotes: readonly Quote[] = [
  {
    text: 'Darkness cannot drive out darkness; only light can do that. Hate cannot drive out hate; only love can do that.',
    author: 'Martin Luther King Jr.',
    role: 'Civil rights leader',
    location: 'Atlanta, Georgia',
  },
  {
    text: 'If you want to make peace with your enemy, you have to work with your enemy. Then he becomes your partner.',
    author: 'Nelson Mandela',
    role: 'Former President of South Africa',
    location: 'Johannesburg, South Africa',
  },
  {
    text: 'It isn’t enough to talk about peace. One must believe in it. And it isn’t enough to believe in it. One must work at it.',
    author: 'Eleanor Roosevelt',
    role: 'Diplomat and human rights advocate',
    location: 'New York, New York',
  },
  {
    text: 'Do your little bit of good where you are; it’s those little bits of good put together that overwhelm the world.',
    author: 'Desmond Tutu',
    role: 'Archbishop and Nobel Peace laureate',
    location: 'Cape Town, South Africa',
  },
  {
    text: 'Peace cannot be kept by force; it can only be achieved by understanding.',
    author: 'Albert Einstein',
    role: 'Physicist',
    location: 'Princeton, New Jersey',
  },
];

/** The fixed figures beside the quotes (docs/product/rules.md#marketing-figures). */
export const quoteStats = [
  { figure: '2,847', label: 'people practising the pause every day' },
  { figure: '89%', label: 'say their hardest conversations got calmer' },
  { figure: '156 days', label: 'our longest unbroken reflection streak' },
] as const;

export const climbSteps = [
  'Curiosity',
  'Understanding',
  'Patient Respect',
  'Cooperation',
  'Collaboration',
  'Innovation',
  'Success',
] as const;
export const slideSteps = [
  'Assumptions',
  'Disagreements',
  'Arguments/Anger',
  'Vilification',
  'Hatred/Contempt',
  'Dehumanization',
  'Violence',
] as const;
