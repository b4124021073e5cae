/**
 * The Two Paths explorer's copy (docs/product/screens.md#two-paths): the vilify path's five stages, the
 * alternative path's six, where each leads, and the side-by-side comparison shown at the end.
 */

export type PathKey = 'vilify' | 'alternative';

/** The emotion icons the explorer draws (screens/two-paths/EmotionIcon.tsx). */
export type EmotionIconName =
  'angry' | 'annoyed' | 'scornful' | 'wall' | 'brokenHeart' | 'calm' | 'heart' | 'shield' | 'sprout' | 'together';

/** One stage of a path: stage, description, emotion icon (docs/product/api.md#entities). */
export interface PathStage {
  stage: string;
  description: string;
  /** The emotion in words, so the icon is never the only carrier of meaning. */
  emotion: string;
  /** Drawn beside the emotion's name; decorative, since the name says it in words. */
  icon: EmotionIconName;
}

export interface PathOutcome {
  title: string;
  text: string;
}

export interface PathDefinition {
  key: PathKey;
  name: string;
  tagline: string;
  chooseLabel: string;
  stages: readonly [PathStage, ...PathStage[]];
  outcome: PathOutcome;
  /** Rows of the comparison card, in the same order for both paths. */
  comparison: readonly string[];
}

/** Labels of the comparison rows; each path's `comparison` answers them in order. */
export const COMPARISON_ROWS = [
  'How it feels',
  'What happens to the relationship',
  'The conversation',
  'In the long run',
] as const;

export const PATHS: Record<PathKey, PathDefinition> = {
  vilify: {
    key: 'vilify',
    name: 'The Vilify Path',
    tagline: 'The road most of us take without noticing: fast, familiar and lonely at the end.',
    chooseLabel: 'Walk the Vilify Path',
    stages: [
      {
        stage: 'Trigger',
        emotion: 'Stung',
        icon: 'angry',
        description:
          'Someone says something that stings. Your heart races and a story starts writing itself: they did this on purpose.',
      },
      {
        stage: 'Blame',
        emotion: 'Defensive',
        icon: 'annoyed',
        description: 'It is all their fault. You start collecting evidence for your side and stop hearing theirs.',
      },
      {
        stage: 'Contempt',
        emotion: 'Disgusted',
        icon: 'scornful',
        description:
          'They are not just wrong; they are foolish, selfish, the enemy. Eye-rolls and name-calling take the place of conversation.',
      },
      {
        stage: 'Isolation',
        emotion: 'Walled off',
        icon: 'wall',
        description:
          'You retreat to the people who already agree with you. The wall gets higher and the other side shrinks into a cartoon.',
      },
      {
        stage: 'Breakdown',
        emotion: 'Heartbroken',
        icon: 'brokenHeart',
        description:
          'The relationship breaks. Family dinners go quiet, teams split, neighbours stop waving. Nobody wins, and everyone is a little more alone.',
      },
    ],
    outcome: {
      title: 'Where this path leads: division',
      text: 'Vilifying feels powerful in the moment, but it leaves everyone more alone. Trust wears away, relationships break, and the next conflict starts from an even harder place.',
    },
    comparison: [
      'Righteous for a moment, then exhausted',
      'Strained, then broken',
      'Shuts down',
      'More contempt and division',
    ],
  },
  alternative: {
    key: 'alternative',
    name: 'The Alternative Path',
    tagline: 'Pause. Reflect. Retry. Slower at the start, and it keeps people together.',
    chooseLabel: 'Walk the Alternative Path',
    stages: [
      {
        stage: 'Trigger',
        emotion: 'Stung',
        icon: 'angry',
        description:
          'The same sting, the same racing heart. But this time you notice it, and you pause before you answer.',
      },
      {
        stage: 'Awareness',
        emotion: 'Steady',
        icon: 'calm',
        description:
          'You breathe and count to three. You name what is happening inside you: “I feel hurt, and I am getting defensive.”',
      },
      {
        stage: 'Care',
        emotion: 'Caring',
        icon: 'heart',
        description:
          'You remember that the other person is a person, with fears, a history and people who love them, just like you.',
      },
      {
        stage: 'Courage',
        emotion: 'Brave',
        icon: 'shield',
        description:
          'You step back in: “Help me understand what you meant.” It is harder than attacking, and far stronger.',
      },
      {
        stage: 'Growth',
        emotion: 'Hopeful',
        icon: 'sprout',
        description:
          'You learn something you did not know. Maybe you still disagree, but now you understand why, and so do they.',
      },
      {
        stage: 'Unity',
        emotion: 'Connected',
        icon: 'together',
        description:
          'The relationship holds, and even grows. Someone watching has just seen that there is a better way.',
      },
    ],
    outcome: {
      title: 'Where this path leads: connection',
      text: 'Pausing is not giving in. It is staying human when it is hardest. Relationships bend without breaking, and every retry makes the next one a little easier.',
    },
    comparison: [
      'Uncomfortable at first, then lighter',
      'Preserved, often stronger',
      'Keeps going',
      'More understanding and trust',
    ],
  },
};

export const PATH_KEYS = ['vilify', 'alternative'] as const satisfies readonly PathKey[];
