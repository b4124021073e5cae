/**
 * The e-mails, in the movement's voice: the welcome on joining, the daily reflection and the
 * level-up note. Each is
 * written once as a list of blocks and rendered twice, as plain text and as HTML, so the two parts
 * never drift. The HTML has inline styles only: no images, no remote resources, no tracking.
 * Every message carries the unsubscribe link in its footer and in List-Unsubscribe (RFC 2369)
 * with one-click List-Unsubscribe-Post (RFC 8058).
 */
import {
  EMAIL_LINK_DAYS,
  EXPERIMENT_DAYS,
  LEVEL_THRESHOLDS,
  TIMEZONES,
  UNSAFE_TEXT_CHARACTERS,
  nextLevel,
  type LevelKey,
  type ReflectionPrompt,
} from '@prr/contract';
import type { StoredMember } from '@prr/domain';
import type { MailMessage } from './mailer.js';
import { escapeMarkup } from '../markup.js';

type Block =
  | { type: 'p'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'eyebrow'; text: string }
  | { type: 'prompt'; text: string }
  | { type: 'button'; label: string; url: string }
  | { type: 'note'; text: string };

/**
 * A button whose link carries the member's e-mail key, and the line that says what it does: the
 * key opens the dashboard once, within EMAIL_LINK_DAYS (docs/decisions/025-e-mail-key-flow.md).
 */
const keyedButton = (label: string, url: string): Block[] => [
  { type: 'button', label, url },
  { type: 'note', text: `This button opens your dashboard once, within ${EMAIL_LINK_DAYS} days.` },
];

/** What every message to a member needs besides its content. */
export interface MessageContext {
  /** The site's public URL, no trailing slash. */
  publicUrl: string;
  /** The member's personal unsubscribe page (carries a sealed token, never the member id). */
  unsubscribeUrl: string;
  /** The dashboard with a key that opens it once within EMAIL_LINK_DAYS (docs/decisions/025-e-mail-key-flow.md). */
  dashboardUrl: string;
}

/** What a sign-in e-mail carries: the 6-digit code and the one-time link, both for SIGN_IN_MINUTES. */
export interface SignInContext {
  publicUrl: string;
  code: string;
  linkUrl: string;
  minutes: number;
}

interface Footer {
  text: string;
  html: string;
}

export type Recipient = Pick<StoredMember, 'name' | 'email' | 'reminderTime' | 'timezone'>;

const COLORS = {
  ink: '#2b2118',
  inkSoft: '#5c4a3b',
  muted: '#7a6a5c',
  paper: '#fffaf3',
  surface: '#ffffff',
  sand: '#f5ead9',
  border: '#e6d7c3',
  brand: '#b4540a',
  brandDark: '#8a3f06',
};

const SIGN_OFF = 'With warmth,\nThe Pause. Reflect. Retry. team';

/**
 * The first word of a member's name, for the body of an e-mail only: a name is text a visitor
 * typed, so it never goes into a Subject (docs/product/rules.md#validation). Control and bidi
 * characters, refused by the contract today but possibly in older rows, are dropped.
 */
export function firstName(name: string): string {
  return name.replace(UNSAFE_TEXT_CHARACTERS, '').trim().split(/\s+/)[0] || 'friend';
}

function timezoneLabel(timezone: string): string {
  return TIMEZONES.find((t) => t.value === timezone)?.label ?? timezone;
}

/** The e-mails the unsubscribe link stops (it turns emailReminders off, which stops them all). */
const DAILY = 'the daily reflections';

function memberFooter(recipient: Recipient, ctx: MessageContext, stops = DAILY): Footer {
  return {
    text:
      `You are receiving this because ${recipient.email} joined the 90-day experiment of Pause. Reflect. Retry. ` +
      `To stop ${stops}, open ${ctx.unsubscribeUrl} and confirm: no login needed. ` +
      'You can turn them back on, or change their time, in the Settings tab of your dashboard.',
    html:
      `You are receiving this because ${escapeMarkup(recipient.email)} joined the 90-day experiment of Pause. Reflect. Retry. ` +
      `<a href="${escapeMarkup(ctx.unsubscribeUrl)}" style="color:${COLORS.brandDark};">Unsubscribe from ${escapeMarkup(stops)}</a> ` +
      '(one click to confirm, no login needed). You can turn them back on, or change their time, in the Settings tab of your ' +
      `<a href="${escapeMarkup(ctx.dashboardUrl)}" style="color:${COLORS.brandDark};">dashboard</a>.`,
  };
}

function renderText(blocks: readonly Block[], footer: string): string {
  const parts = blocks.map((b) => {
    switch (b.type) {
      case 'eyebrow':
        return b.text.toUpperCase();
      case 'heading':
        return `${b.text}\n${'-'.repeat(Math.min(b.text.length, 70))}`;
      case 'prompt':
        return b.text
          .split('\n')
          .map((line) => `  > ${line}`)
          .join('\n');
      case 'button':
        return `${b.label}: ${b.url}`;
      case 'p':
      case 'note':
        return b.text;
    }
  });
  return `${parts.join('\n\n')}\n\n${SIGN_OFF}\n\n-- \n${footer}\n`;
}

const FONT = "Georgia, 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Helvetica, Arial, sans-serif";

function renderHtmlBlock(b: Block): string {
  const text = 'text' in b ? escapeMarkup(b.text).replace(/\n/g, '<br>') : '';
  switch (b.type) {
    case 'eyebrow':
      return `<p style="margin:0 0 8px;font-family:${SANS};font-size:12px;letter-spacing:0.12em;text-transform:uppercase;color:${COLORS.brand};">${text}</p>`;
    case 'heading':
      return `<h1 style="margin:0 0 20px;font-family:${FONT};font-size:26px;line-height:1.25;font-weight:normal;color:${COLORS.ink};">${text}</h1>`;
    case 'prompt':
      return `<blockquote style="margin:0 0 20px;padding:16px 20px;background:${COLORS.sand};border-left:4px solid ${COLORS.brand};border-radius:6px;font-size:18px;line-height:1.55;color:${COLORS.ink};">${text}</blockquote>`;
    case 'button':
      return (
        `<p style="margin:24px 0;"><a href="${escapeMarkup(b.url)}" style="display:inline-block;padding:12px 24px;` +
        `background:${COLORS.brand};color:#ffffff;text-decoration:none;border-radius:999px;font-family:${SANS};font-size:16px;font-weight:bold;">` +
        `${escapeMarkup(b.label)}</a></p>`
      );
    case 'note':
      return `<p style="margin:0 0 16px;font-size:14px;line-height:1.55;color:${COLORS.inkSoft};">${text}</p>`;
    case 'p':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${COLORS.ink};">${text}</p>`;
  }
}

function renderHtml(subject: string, preheader: string, blocks: readonly Block[], footer: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeMarkup(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.paper};color:${COLORS.ink};font-family:${FONT};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeMarkup(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.paper};">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:${COLORS.surface};border:1px solid ${COLORS.border};border-radius:12px;">
<tr><td style="padding:32px 28px;font-family:${FONT};">
${blocks.map(renderHtmlBlock).join('\n')}
<p style="margin:24px 0 0;font-size:16px;line-height:1.6;color:${COLORS.ink};">${escapeMarkup(SIGN_OFF).replace(/\n/g, '<br>')}</p>
</td></tr>
</table>
<p style="max-width:560px;margin:20px auto 0;padding:0 12px;font-family:${SANS};font-size:12px;line-height:1.6;color:${COLORS.muted};">${footer}</p>
</td></tr>
</table>
</body>
</html>
`;
}

function render(
  kind: string,
  to: string,
  subject: string,
  preheader: string,
  blocks: readonly Block[],
  footer: Footer,
) {
  return {
    kind,
    to,
    subject,
    text: renderText(blocks, footer.text),
    html: renderHtml(subject, preheader, blocks, footer.html),
  };
}

function compose(
  kind: string,
  recipient: Recipient,
  ctx: MessageContext,
  subject: string,
  preheader: string,
  blocks: readonly Block[],
  stops = DAILY,
): MailMessage {
  return {
    ...render(kind, recipient.email, subject, preheader, blocks, memberFooter(recipient, ctx, stops)),
    headers: {
      'List-Unsubscribe': `<${ctx.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // RFC 3834: an automatic message; out-of-office replies should not answer it.
      'Auto-Submitted': 'auto-generated',
    },
  };
}

export function welcomeMessage(recipient: Recipient, ctx: MessageContext): MailMessage {
  const name = firstName(recipient.name);
  const when = `${recipient.reminderTime} ${timezoneLabel(recipient.timezone)}`;
  return compose(
    'welcome',
    recipient,
    ctx,
    'Welcome to the movement: your 90 days begin today',
    'Thank you for choosing a better way. Your first reflection arrives within the hour.',
    [
      { type: 'eyebrow', text: 'Pause. Reflect. Retry.' },
      { type: 'heading', text: `Welcome, ${name}. There is a better way, and you just chose it.` },
      {
        type: 'p',
        text:
          'Thank you for joining the 90-day experiment. Every day you will get one short reflection: a small ' +
          'practice to help you pause before reacting, reflect on what happened, and retry with a little more ' +
          'curiosity and care.',
      },
      {
        type: 'p',
        text:
          'Your first reflection arrives within the hour. After that, one comes each day at ' +
          `${when}, once you have confirmed that this address is yours with the button below. ` +
          'It takes a few minutes, and it counts even on the days that do not go well.',
      },
      {
        type: 'p',
        text:
          'On your dashboard you can record each reflection, watch your streak grow and see the ripple your ' +
          `choices send out. The button opens your dashboard once, within ${EMAIL_LINK_DAYS} days; after that, enter ` +
          `${recipient.email} on the dashboard and we will send you a code. There is no password to remember.`,
      },
      { type: 'button', label: 'Confirm and open my dashboard', url: ctx.dashboardUrl },
      {
        type: 'note',
        text: 'Every person who meets conflict with curiosity instead of contempt makes the next conversation a little easier. Thank you for being one of them.',
      },
    ],
  );
}

/**
 * The daily reflection of experiment day `day` (the prompt's own day within the 90). After day 90,
 * for a member who chose to keep it going, `day` runs on (91, 92, …) and the prompt starts again
 * at day 1: there is nothing to record on the dashboard any more, so the e-mail asks for none.
 */
export function reflectionMessage(
  recipient: Recipient,
  ctx: MessageContext,
  prompt: ReflectionPrompt,
  day: number = prompt.day,
): MailMessage {
  if (day > EXPERIMENT_DAYS) return continuingReflectionMessage(recipient, ctx, prompt, day);
  const name = firstName(recipient.name);
  const last = day === EXPERIMENT_DAYS;
  const subject =
    day === 1 ? `Your first reflection: ${prompt.title}` : `Day ${day} of ${EXPERIMENT_DAYS}: ${prompt.title}`;
  const opening =
    day === 1
      ? `Here is your first reflection, ${name}. Read it now, carry it with you today, and notice what happens.`
      : last
        ? `Hello, ${name}. This is the last day of your 90-day experiment. Look how far you have come.`
        : `Hello, ${name}. Here is today's reflection, day ${day} of your 90-day journey.`;
  return compose('reflection', recipient, ctx, subject, prompt.prompt, [
    { type: 'eyebrow', text: `Day ${day} of ${EXPERIMENT_DAYS} · ${prompt.category}` },
    { type: 'heading', text: prompt.title },
    { type: 'p', text: opening },
    { type: 'prompt', text: prompt.prompt },
    {
      type: 'p',
      text:
        'When you have had a moment with it, record how it went on your dashboard: did you pause, reflect, ' +
        'retry? Honest notes on a hard day are worth as much as a good day.',
    },
    ...keyedButton("Record today's reflection", ctx.dashboardUrl),
    {
      type: 'note',
      text: last
        ? 'Thank you for ninety days of choosing understanding. The experiment ends here; the practice goes on with you.'
        : `Your next reflection comes tomorrow at ${recipient.reminderTime} ${timezoneLabel(recipient.timezone)}.`,
    },
  ]);
}

function continuingReflectionMessage(
  recipient: Recipient,
  ctx: MessageContext,
  prompt: ReflectionPrompt,
  day: number,
): MailMessage {
  const name = firstName(recipient.name);
  return compose('reflection', recipient, ctx, `Day ${day}: ${prompt.title}`, prompt.prompt, [
    { type: 'eyebrow', text: `Day ${day} · after the 90 days · ${prompt.category}` },
    { type: 'heading', text: prompt.title },
    {
      type: 'p',
      text: `Hello, ${name}. Your 90 days are behind you, and you chose to keep the practice going. Here is today's reflection.`,
    },
    { type: 'prompt', text: prompt.prompt },
    {
      type: 'p',
      text: 'Carry it with you today: pause before you react, reflect on what happened, retry with a little more curiosity and care.',
    },
    ...keyedButton('Open my dashboard', ctx.dashboardUrl),
    {
      type: 'note',
      text: `Your next reflection comes tomorrow at ${recipient.reminderTime} ${timezoneLabel(recipient.timezone)}.`,
    },
  ]);
}

/** "an Agent", "a Guardian". */
function withArticle(level: LevelKey): string {
  return `${/^[AEIOU]/.test(level) ? 'an' : 'a'} ${level}`;
}

/** One short note per level reached ('You are now an Agent'), sent once (docs/decisions/023). */
export function levelUpMessage(recipient: Recipient, ctx: MessageContext, level: LevelKey): MailMessage {
  const name = firstName(recipient.name);
  const next = nextLevel(level);
  const subject = `You are now ${withArticle(level)}`;
  return compose(
    'level-up',
    recipient,
    ctx,
    subject,
    `You have passed ${LEVEL_THRESHOLDS[level]} points on the peacemaker ladder.`,
    [
      { type: 'eyebrow', text: 'Pause. Reflect. Retry.' },
      { type: 'heading', text: `${subject}, ${name}.` },
      {
        type: 'p',
        text:
          `You have passed ${LEVEL_THRESHOLDS[level]} points and reached ${level} on the peacemaker ladder. ` +
          'Every reflection, every pause and every friend you bring along counted toward it.',
      },
      {
        type: 'p',
        text: next
          ? `The next level, ${next}, starts at ${LEVEL_THRESHOLDS[next]} points.`
          : `${level} is the top of the ladder. Thank you for keeping the conversation human where you live.`,
      },
      ...keyedButton('See my progress', ctx.dashboardUrl),
      { type: 'note', text: `What each level means: ${ctx.publicUrl}/levels` },
    ],
    'the daily reflections and these notes',
  );
}

/** The e-mail entry screen's answer: a code to type, or a link to follow in any browser. */
export function signInMessage(recipient: Pick<StoredMember, 'name' | 'email'>, ctx: SignInContext): MailMessage {
  const name = firstName(recipient.name);
  return {
    ...render(
      'signin',
      recipient.email,
      `Your sign-in code: ${ctx.code}`,
      `Type ${ctx.code} on the dashboard, or follow the link. Both work for ${ctx.minutes} minutes.`,
      [
        { type: 'eyebrow', text: 'Pause. Reflect. Retry.' },
        { type: 'heading', text: `Hello, ${name}. Here is your way in.` },
        { type: 'p', text: `Type this code on the dashboard where you asked for it:` },
        { type: 'prompt', text: ctx.code },
        { type: 'p', text: 'Or open your dashboard in this browser straight away:' },
        { type: 'button', label: 'Sign in to my dashboard', url: ctx.linkUrl },
        {
          type: 'note',
          text: `The code and the link work once, for ${ctx.minutes} minutes. If you did not ask to sign in, you can ignore this e-mail: nothing happens without them.`,
        },
      ],
      {
        text: `You are receiving this because someone asked to sign in to the Pause. Reflect. Retry. dashboard as ${recipient.email}.`,
        html: `You are receiving this because someone asked to sign in to the Pause. Reflect. Retry. dashboard as ${escapeMarkup(recipient.email)}.`,
      },
    ),
    // RFC 3834: an automatic message; out-of-office replies should not answer it.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
