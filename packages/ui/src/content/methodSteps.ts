/**
 * The method page's copy: the three steps with practice tips, one story, and the practice guide
 * that visitors download. Both readings are kept (docs/decisions/020): the page says count to three, the guide
 * says count to 5.
 */

export interface MethodStep {
  number: 1 | 2 | 3;
  title: 'Pause' | 'Reflect' | 'Retry';
  summary: string;
  detail: string;
  tips: readonly string[];
}

export const METHOD_STEPS: readonly MethodStep[] = [
  {
    number: 1,
    title: 'Pause',
    summary: 'Stop before the heat takes over.',
    detail:
      'When you feel your chest tighten or your thumbs racing to reply, stop. Take one slow breath and count to three before you say or send anything.',
    tips: [
      'Learn your early signals: a clenched jaw, a hot face, a quick heartbeat.',
      'Breathe in while you count to three, then breathe out just as slowly.',
      'Put the phone face down. Most messages can wait a minute.',
      'It is fine to say “Give me a moment, I want to answer this well.”',
    ],
  },
  {
    number: 2,
    title: 'Reflect',
    summary: 'Ask what is really going on, in you and in them.',
    detail:
      'A pause makes room to think. Name what you feel, then wonder what the other person might be feeling or needing underneath their words.',
    tips: [
      'Name the feeling in a few words: hurt, afraid, unheard, embarrassed.',
      'Ask yourself what need might sit behind their words.',
      'Separate the person from the problem you are both facing.',
      'Look for one thing, however small, that you agree on.',
    ],
  },
  {
    number: 3,
    title: 'Retry',
    summary: 'Return with curiosity instead of contempt.',
    detail:
      'Go back to the conversation and try again, aiming to understand rather than to win. A retry is not a retreat; it is the brave part.',
    tips: [
      'Open with a question: “Help me understand what you meant.”',
      'Own your part, even if it is only your tone.',
      'Listen until you could repeat their point back to them fairly.',
      'If it goes sideways, pause again. Retrying is the practice.',
    ],
  },
];

export interface MethodStory {
  title: string;
  paragraphs: readonly string[];
  attribution: string;
}

export const METHOD_STORY: MethodStory = {
  title: 'The message Dana almost sent',
  paragraphs: [
    'The family group chat had been tense for weeks. When Dana’s brother posted a sharp joke about “people like her”, she typed a reply that would have ended the conversation, and maybe more than that.',
    'Her thumb hovered over Send. She put the phone down, breathed, and counted to three. Then she asked herself what was really going on. She was hurt. And her brother, who had lost his job that spring, was probably scared.',
    'She deleted the reply and wrote instead: “That one hurt a bit. Can we talk about it this weekend? I miss you.” He called her that night. They still vote differently. They also still have Sunday dinners.',
  ],
  attribution: 'Shared by a peacemaker in the 90-Day Experiment',
};

/** File name of the practice guide download. */
export const PRACTICE_GUIDE_FILENAME = 'pause-reflect-retry-practice-guide.txt';

/** The downloadable practice guide, produced in the browser. It says count to 5 (docs/product/screens.md#method). */
export const PRACTICE_GUIDE_TEXT = `PAUSE. REFLECT. RETRY.
A practice guide for peacemakers

Use this guide whenever a conversation starts to heat up: at home, at work, online or in your neighbourhood.

1. PAUSE
   - Notice the signals: a tight chest, a hot face, a fast heartbeat.
   - Stop before you speak, type or send.
   - Take a slow breath and count to 5.

2. REFLECT
   - Name what you feel in a few words.
   - Ask what the other person might be feeling or needing.
   - Separate the person from the problem.
   - Find one thing you agree on.

3. RETRY
   - Go back with a question: "Help me understand what you meant."
   - Own your part, even if it is only your tone.
   - Listen until you could repeat their point back fairly.
   - If it goes sideways, pause again. Retrying is the practice.

DAILY PRACTICE
   - Each evening, think of one moment you paused (or wish you had).
   - Write down what you felt and what you might try next time.
   - Celebrate the small wins. Every retry makes the next one easier.

There is a better way, and it starts with you.
`;
