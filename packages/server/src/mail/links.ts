/**
 * The dashboard links e-mails carry (docs/decisions/025-e-mail-key-flow.md). The key travels in
 * the fragment (`#key=`), which the browser never sends: it reaches no server log, proxy or
 * `Referer`. The dashboard page reads it, asks whose it is (POST /api/sign-in/link/check, which
 * uses nothing up) and uses it only when the member presses "Open my dashboard"
 * (POST /api/sign-in/link): a mail scanner that fetches or even renders the link uses up nothing.
 */
export const dashboardLinkUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/dashboard#key=${encodeURIComponent(token)}`;

/** The sign-in e-mail's one-time link: the same page, the same fragment. */
export const signInLinkUrl = dashboardLinkUrl;
