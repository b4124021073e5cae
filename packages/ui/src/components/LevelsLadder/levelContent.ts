/**
 * The words of the peacemaker ladder. Thresholds come from the contract (LEVEL_THRESHOLDS), so
 * the page, the dashboard and the server can never disagree about the numbers.
 */
import { LEVEL_KEYS, LEVEL_THRESHOLDS, type LevelKey } from '@prr/contract';
import type { IconName } from './Icon';

export interface LevelContent {
  key: LevelKey;
  title: string;
  subtitle: string;
  description: string;
  /** Decorative; hidden from assistive technology. */
  icon: IconName;
  pointsRequired: number;
  requirements: readonly string[];
  benefits: readonly string[];
}

/** Where a rung stands for the member: drawn by the ladder's styles and named by its status text. */
export type LevelStatus = 'current' | 'reached' | 'locked';

type LevelText = Omit<LevelContent, 'key' | 'pointsRequired'>;

const TEXT: Record<LevelKey, LevelText> = {
  Prospect: {
    title: 'Prospect',
    subtitle: 'Curious about a better way',
    icon: 'sprout',
    description:
      'You have found the movement and you suspect there is a better way to handle conflict than winning the argument. There is, and it starts with a single pause.',
    requirements: ['No points needed: every peacemaker starts here', 'Read about the Pause. Reflect. Retry. method'],
    benefits: [
      'The three steps of the method with practice tips',
      'Stories from peacemakers across the country',
      'News from the movement, if you would like it',
    ],
  },
  Explorer: {
    title: 'Explorer',
    subtitle: 'Trying the method for real',
    icon: 'compass',
    description:
      'You have started to practise. Some days the pause comes easily and some days it does not, and you keep going anyway.',
    requirements: [`Earn ${LEVEL_THRESHOLDS.Explorer} points`, 'Join the movement or record your first reflections'],
    benefits: [
      'Access to the 90-Day Challenge',
      'A daily reflection prompt in your inbox',
      'Reminders at the time of day that suits you',
    ],
  },
  Agent: {
    title: 'Agent',
    subtitle: 'Practising every day',
    icon: 'olive',
    description:
      'Pausing is becoming a habit. You notice the moment before you react, and you choose what happens next more often than not.',
    requirements: [`Earn ${LEVEL_THRESHOLDS.Agent} points`, 'Reflect regularly during the 90-Day Challenge'],
    benefits: [
      'A personal dashboard for your reflections and progress',
      'Insights into your mood and your better responses',
      'Achievements such as Week Warrior and Empathy Champion',
    ],
  },
  Advocate: {
    title: 'Advocate',
    subtitle: 'Sharing the practice',
    icon: 'megaphone',
    description:
      'The people around you have noticed the change. You share your stories and invite friends, and the ripple spreads beyond you.',
    requirements: [
      `Earn ${LEVEL_THRESHOLDS.Advocate} points`,
      'Share a story of a conflict you turned around, or invite a friend to join',
    ],
    benefits: [
      'Recognition as a peacemaker others can learn from',
      'Your weekly ripple effects counted toward the national map',
      'First news of movement events such as FUNFest',
    ],
  },
  Guardian: {
    title: 'Guardian',
    subtitle: 'Keeping the peace in your community',
    icon: 'shield',
    description:
      'You hold steady when others cannot. Families, teams and neighbours look to you to keep the conversation human.',
    requirements: [`Earn ${LEVEL_THRESHOLDS.Guardian} points`, 'Keep practising, reflecting and inviting others along'],
    benefits: [
      'Guardian recognition within the movement',
      'An invitation to mentor new Explorers',
      'A voice in shaping the next steps of the movement',
    ],
  },
};

export const LEVELS: readonly LevelContent[] = LEVEL_KEYS.map((key) => ({
  key,
  pointsRequired: LEVEL_THRESHOLDS[key],
  ...TEXT[key],
}));

export function levelContent(key: LevelKey): LevelContent {
  return { key, pointsRequired: LEVEL_THRESHOLDS[key], ...TEXT[key] };
}
