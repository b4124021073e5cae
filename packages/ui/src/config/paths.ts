/** Every route of docs/product/screens.md#routes, named once. */
import { downloads } from '@prr/contract';

export const paths = {
  home: '/',
  about: '/about',
  twoPaths: '/two-paths',
  method: '/method',
  symbols: '/symbols',
  music: '/music',
  loveStory: '/lovestory',
  peaceStory: '/peacestory',
  levels: '/levels',
  map: '/map',
  impact: '/impact',
  dashboard: '/dashboard',
  experiment: '/experiment',
  adminLogin: '/admin/login',
  admin: '/admin',
  adminParticipants: '/admin/participants',
  adminStories: '/admin/stories',
  adminActivity: '/admin/activity',
  adminInsights: '/admin/insights',
  twoPathsDiagram: downloads.twoPathsDiagram.path,
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
