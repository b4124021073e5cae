/**
 * The two plush-toy stories (/lovestory and /peacestory): Hugs, a lion with a dove's wings, and
 * Peace, a purtle (half panda, half turtle).
 */
import { externalLinks, paths } from '../config';

export interface StoryImage {
  src: string;
  alt: string;
  caption: string;
}

export interface StoryChapter {
  title: string;
  paragraphs: readonly string[];
}

export interface PlushStory {
  /** The page heading. */
  title: string;
  eyebrow: string;
  lead: string;
  /** The plush itself, shown beside the heading. */
  portrait: StoryImage;
  chapters: readonly StoryChapter[];
  /** Illustrations between the chapters, each opening large on click or Enter. */
  gallery: readonly StoryImage[];
  lesson: { title: string; text: string };
  /** Questions for grown-ups to ask after reading together. */
  talkAbout: readonly string[];
  shop: { label: string; url: string; blurb: string };
  /** The page's own path, which Share copies. */
  path: string;
  /** The other story, linked at the end. */
  next: { label: string; path: string };
}

export const LOVE_STORY: PlushStory = {
  title: 'Hugs the Love Story',
  eyebrow: 'A story for brave and gentle hearts',
  lead: 'Hugs is a lion with the wings of a dove: strong enough to roar, and wise enough to know when a hug works better.',
  portrait: {
    src: '/assets/stories/hugs-plush.svg',
    alt: 'Hugs, a golden plush lion with a fluffy mane and white dove wings',
    caption: 'Hugs, the lion with the heart (and wings) of a dove',
  },
  chapters: [
    {
      title: 'The loudest roar in the valley',
      paragraphs: [
        'In a sunny valley lived a young lion called Hugs. He had the biggest mane, the fastest paws and, everyone agreed, the loudest roar. When something went wrong, Hugs roared. When someone took his spot in the shade, Hugs roared. The other animals mostly kept out of his way.',
        'Hugs did not understand why he felt so lonely. He had something nobody else had, after all: a pair of soft white wings, like a dove’s, tucked away beneath his mane. He never used them. Lions, he thought, are supposed to roar.',
      ],
    },
    {
      title: 'The day the river rose',
      paragraphs: [
        'One spring the river rose over its banks. Little Otter was stranded on a rock in the middle, shivering and crying. Hugs ran to the water and opened his mouth to roar for help, and then he stopped.',
        'He paused. A roar would only frighten Otter more. He took a breath, counted to three, and thought about what Otter needed. Not noise. Help. And a friend.',
      ],
    },
    {
      title: 'Wings',
      paragraphs: [
        'For the first time, Hugs unfolded his dove wings. They were wobbly at first, but they carried him over the water. He landed gently beside Otter and wrapped him in the warmest, fluffiest hug the valley had ever seen.',
        'When they reached the bank together, the animals cheered, and not because Hugs was loud. From that day on, when something went wrong, Hugs still felt the roar rise inside him. But first he would pause, think about what his friends needed, and try again with his wings.',
      ],
    },
  ],
  gallery: [
    {
      src: '/assets/stories/hugs-river.svg',
      alt: 'Hugs flying over a blue river on white wings towards a small otter on a rock',
      caption: 'Hugs flies to Little Otter across the flooded river',
    },
  ],
  lesson: {
    title: 'What Hugs teaches',
    text: 'Being strong and being gentle belong together. The bravest thing is not the loudest roar; it is choosing kindness when you could have chosen a fight.',
  },
  talkAbout: [
    'When do you feel a “roar” rising inside you?',
    'What helped Hugs choose his wings instead?',
    'Who could you give a Hugs-sized hug to this week?',
  ],
  shop: {
    label: 'Bring Hugs Home',
    url: externalLinks.plush.hugs,
    blurb: 'The Hugs plush is soft, huggable and comes with a pocket-sized card of the Pause. Reflect. Retry. steps.',
  },
  path: paths.loveStory,
  next: { label: 'Read Peace the Purtle Story', path: paths.peaceStory },
};

export const PEACE_STORY: PlushStory = {
  title: 'Peace the Purtle Story',
  eyebrow: 'A story about slowing down',
  lead: 'Peace is a purtle, half panda and half turtle, who carries a quiet place with her wherever she goes.',
  portrait: {
    src: '/assets/stories/peace-plush.svg',
    alt: 'Peace, a black and white plush panda wearing a green turtle shell',
    caption: 'Peace the Purtle, with her shell for quiet moments',
  },
  chapters: [
    {
      title: 'Too slow, too soft',
      paragraphs: [
        'Deep in the bamboo forest lived Peace, the only purtle anyone had ever met. She had a panda’s round black-and-white face and a turtle’s green shell on her back. The quick animals teased her: “Too slow to be a panda, too soft to be a turtle!”',
        'It stung. Some days Peace wanted to snap back with the sharpest words she knew. Instead, she did something only a purtle can do: she tucked into her shell, where it was quiet, and took a long, slow breath.',
      ],
    },
    {
      title: 'The bamboo quarrel',
      paragraphs: [
        'One afternoon, Monkey and Crane began to quarrel over the last tall stalk of bamboo. The argument grew louder and louder until the whole forest took sides. Feathers flew. Bananas flew. Nobody listened.',
        'Peace walked slowly into the middle of it all. “Before anyone says another word,” she said, “let’s all pause. Breathe with me.” It felt silly at first. But one by one, the animals breathed, and the forest went still.',
      ],
    },
    {
      title: 'Coming out of the shell',
      paragraphs: [
        '“Monkey,” asked Peace, “why do you need the bamboo?” Monkey wanted to build a swing for his little sister. “And Crane?” Crane needed a perch high enough to see her nest. Neither had known what the other needed.',
        'Together they bent the tall stalk into an arch: a swing below for Monkey’s sister, a perch above for Crane. From then on, whenever a quarrel began in the bamboo forest, someone would say, “What would Peace do?” And everybody would pause.',
      ],
    },
  ],
  gallery: [
    {
      src: '/assets/stories/peace-forest.svg',
      alt: 'Peace the purtle standing calmly between a monkey and a crane under an arch of bamboo',
      caption: 'Peace helps Monkey and Crane share the bamboo',
    },
  ],
  lesson: {
    title: 'What Peace teaches',
    text: 'Slowing down is a strength. When we pause long enough to ask what someone needs, a quarrel can turn into something new that works for everyone.',
  },
  talkAbout: [
    'Where is your “shell”, the quiet place you go to calm down?',
    'Why did the animals stop fighting when Peace asked a question?',
    'Can you think of a time when both people got what they needed?',
  ],
  shop: {
    label: 'Bring Peace Home',
    url: externalLinks.plush.peace,
    blurb: 'The Peace plush has a removable shell pillow, just right for quiet moments and bedtime breaths.',
  },
  path: paths.peaceStory,
  next: { label: 'Read Hugs the Love Story', path: paths.loveStory },
};
