/** The About ("Why") page's copy: the movement's timeline and its responsibility section. */

export interface TimelineEntry {
  /** A year or a short period, shown as the entry's label. */
  when: string;
  title: string;
  text: string;
}

export const TIMELINE: readonly TimelineEntry[] = [
  {
    when: '2022',
    title: 'A quiet dinner table',
    text: 'It began at a holiday dinner that ended in raised voices and slammed doors. Afterwards one question would not go away: what if the next argument went differently?',
  },
  {
    when: '2023',
    title: 'Three words',
    text: 'Pause. Reflect. Retry. We tried the idea with families, coaches, teachers and co-workers, and kept what helped people stay in the room with each other.',
  },
  {
    when: '2024',
    title: 'A public benefit corporation',
    text: 'The movement became a public benefit corporation under the Unity Umbrella, so that its purpose, reducing contempt and polarization, is written into how it is run. The olive branch became our symbol.',
  },
  {
    when: '2024',
    title: 'One million reminders',
    text: 'Our short awareness messages were viewed more than 1,000,000 times on social media, each one a small nudge to pause before reacting.',
  },
  {
    when: '2025',
    title: 'The 90-Day Experiment',
    text: 'We opened the 90-Day Experiment to everyone: one daily reflection, a growing map of peacemakers, and the first members reaching the Guardian level.',
  },
  {
    when: '2025',
    title: 'FUNFest 2025: Mission: Possible',
    text: 'Our first festival celebrated transformation from conflict to peace, from the gun to the olive branch, with music, stories and a lot of laughter.',
  },
  {
    when: 'Next',
    title: '50,000 peacemakers',
    text: 'Our goal is 50,000 people across the country choosing a better way in their own homes, teams and communities. You can be one of them.',
  },
];

export interface ResponsibilityPoint {
  title: string;
  text: string;
}

/** What each of us can own in a conflict. */
export const PERSONAL_RESPONSIBILITY: readonly ResponsibilityPoint[] = [
  {
    title: 'My reaction',
    text: 'I cannot control what someone else says. I can choose the next thing I say.',
  },
  {
    title: 'My assumptions',
    text: 'Before I decide what someone meant, I can ask them.',
  },
  {
    title: 'My part in the repair',
    text: 'Even when I am mostly right, I can own the part that was mine and make the first move back.',
  },
];

/** What the movement commits to as a public benefit corporation. */
export const MOVEMENT_COMMITMENTS: readonly ResponsibilityPoint[] = [
  {
    title: 'Purpose before profit',
    text: 'Our charter puts reducing contempt and polarization first. Merchandise sales fund the free experiment, the music and the stories.',
  },
  {
    title: 'Your data stays yours',
    text: 'We only ask for what the experiment needs, we never sell it, and every e-mail has an unsubscribe link that works.',
  },
  {
    title: 'No enemies',
    text: 'We do not take sides in anyone’s politics. We take the side of the relationship.',
  },
];
