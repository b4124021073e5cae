/**
 * The dashboard links e-mails carry. The dashboard page reads the token from the address and
 * posts it to /api/sign-in/link: a mail scanner that merely fetches the link signs nobody in and
 * uses up no one-time link, because it does not run the page's script.
 */
export const dashboardLinkUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/dashboard?key=${encodeURIComponent(token)}`;

export const signInLinkUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/dashboard?signin=${encodeURIComponent(token)}`;
