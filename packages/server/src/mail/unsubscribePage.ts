/**
 * The unsubscribe link of every e-mail: `<PUBLIC_URL>/unsubscribe?token=<signed token>`.
 *
 * - GET renders a small page with a confirm button and changes nothing: mail scanners and link
 *   previews fetch links, and must not unsubscribe anyone.
 * - POST to the same URL turns the daily reflections off. It serves both the page's button and
 *   RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` (form-encoded
 *   or multipart) to the List-Unsubscribe URL, with no cookies and no Origin. The token is in the
 *   URL, so the body is not needed and not read.
 *
 * The JSON API route POST /api/email/unsubscribe ({ token }) does the same for the site itself.
 * Pages are server-rendered HTML without scripts (http/htmlPage.ts).
 */
import Router from '@koa/router';
import { isAppError, unsubscribe } from '@prr/domain';
import type { AppContext, AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { answerHtml } from '../http/htmlPage.js';
import { errorFields } from '../log.js';
import { escapeMarkup } from '../markup.js';
import { memberRef } from './privacy.js';
import { verifyUnsubscribeToken } from '../auth/emailLinkTokens.js';

export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** The link that goes into an e-mail. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/** j***@example.org: enough to recognise one's own address on a page anyone with the link can open. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

// The token is in the URL: kept out of caches and search engines like every such page, and out of Referer headers too.
const TOKEN_PAGE = { headers: { 'Referrer-Policy': 'no-referrer' } };

function answer(ctx: AppContext, status: number, title: string, body: string): void {
  answerHtml(ctx, status, title, body, TOKEN_PAGE);
}

const INVALID = `<h1>This link is not valid</h1>
<p>The unsubscribe link may have been cut off when it was copied. Please open it again from the e-mail,
or turn the reminders off in the Settings tab of your <a href="/dashboard">dashboard</a>.</p>`;

const NOT_FOUND = `<h1>We could not find this membership</h1>
<p>There is no member for this link any more, so no e-mails will be sent to it.</p>`;

export function unsubscribeRoutes(deps: Pick<AppDeps, 'store' | 'config' | 'logger'>): Router<AppState> {
  const router = new Router<AppState>();

  const memberIdOf = (ctx: AppContext): string | undefined => {
    const token = ctx.query.token;
    return typeof token === 'string' && token.length <= 2000
      ? verifyUnsubscribeToken(token, deps.config.sessionSecret)
      : undefined;
  };

  router.get(UNSUBSCRIBE_PATH, async (ctx) => {
    const memberId = memberIdOf(ctx);
    if (!memberId) return answer(ctx, 400, 'This link is not valid', INVALID);
    const member = await deps.store.memberById(memberId);
    if (!member) return answer(ctx, 404, 'Membership not found', NOT_FOUND);
    if (!member.emailReminders) {
      return answer(
        ctx,
        200,
        'Reminders are already off',
        `<h1>Your daily reflections are already off</h1>
<p>We are not sending daily reflections to ${escapeMarkup(maskEmail(member.email))}. If you miss them, turn them back on
in the Settings tab of your <a href="/dashboard">dashboard</a>.</p>`,
      );
    }
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(String(ctx.query.token))}`;
    answer(
      ctx,
      200,
      'Stop the daily reflections?',
      `<h1>Stop the daily reflection e-mails?</h1>
<p>We will stop sending the daily reflections to ${escapeMarkup(maskEmail(member.email))}. Your dashboard, your
reflections and your progress stay just as they are, and you can turn the e-mails back on at any time.</p>
<form method="post" action="${escapeMarkup(action)}">
<button type="submit">Yes, stop the e-mails</button>
</form>
<p>Changed your mind? Simply close this page: nothing changes until you press the button.</p>`,
    );
  });

  router.post(UNSUBSCRIBE_PATH, async (ctx) => {
    const memberId = memberIdOf(ctx);
    if (!memberId) return answer(ctx, 400, 'This link is not valid', INVALID);
    try {
      await deps.store.write((tx) => unsubscribe(tx, memberId));
    } catch (error) {
      if (isAppError(error) && error.code === 'not_found') return answer(ctx, 404, 'Membership not found', NOT_FOUND);
      deps.logger.error('unsubscribe failed', { member: memberRef(memberId), ...errorFields(error) });
      return answer(
        ctx,
        503,
        'Please try again',
        `<h1>That did not work this time</h1>
<p>We could not save your choice just now. Please go back and press the button again in a moment.</p>`,
      );
    }
    deps.logger.info('unsubscribed', { member: memberRef(memberId) });
    answer(
      ctx,
      200,
      'You are unsubscribed',
      `<h1>You will not get any more daily reflections</h1>
<p>Thank you for the days you practised with us. The way of pausing, reflecting and retrying is yours to keep.</p>
<p>If you want the reflections back, turn them on again in the Settings tab of your <a href="/dashboard">dashboard</a>.</p>`,
    );
  });

  return router;
}
