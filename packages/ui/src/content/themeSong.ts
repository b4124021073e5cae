/**
 * The movement's theme song: its file, credits and original lyrics. The recording shipped in
 * /assets/music is a short placeholder melody (see packages/app/public/assets/README.md).
 */

export interface LyricsSection {
  /** e.g. "Verse 1", "Chorus". */
  label: string;
  lines: readonly string[];
}

export interface Song {
  title: string;
  artist: string;
  src: string;
  cover: { src: string; alt: string };
  lyrics: readonly LyricsSection[];
}

const preChorus: LyricsSection = {
  label: 'Pre-chorus',
  lines: ['One, two, three, let the moment pass,', 'the storm is loud, but it will not last.'],
};

const chorus: LyricsSection = {
  label: 'Chorus',
  lines: [
    'Pause, before the fire spreads,',
    'Reflect on the heart behind the words you said,',
    'Retry, and reach across the line:',
    'there is a better way, and it starts this time.',
  ],
};

export const THEME_SONG: Song = {
  title: 'There Is a Better Way',
  artist: 'The Peacemakers',
  src: '/assets/music/there-is-a-better-way.wav',
  cover: {
    src: '/assets/music/there-is-a-better-way-cover.svg',
    alt: 'Cover art: an olive branch rising out of three sound waves on a warm amber background',
  },
  lyrics: [
    {
      label: 'Verse 1',
      lines: [
        'I felt the heat rise in my chest,',
        'the words were loaded, sharp and ready,',
        'but something whispered, “Take a breath,”',
        'and held my shaking hands steady.',
      ],
    },
    preChorus,
    chorus,
    {
      label: 'Verse 2',
      lines: [
        'We built our walls out of our fears,',
        'we called each other names for years,',
        'but every stranger I have known',
        'had someone waiting for them at home.',
      ],
    },
    preChorus,
    chorus,
    {
      label: 'Bridge',
      lines: [
        'Lay down the weapon, pick up the branch,',
        'give the one in front of you another chance.',
        'It is not surrender, it is not defeat,',
        'it is the bravest kind of strength to meet.',
      ],
    },
    {
      label: 'Final chorus',
      lines: [
        'Pause, reflect, retry,',
        'we are not so different, you and I.',
        'There is a better way,',
        'and it starts tonight.',
      ],
    },
  ],
};
