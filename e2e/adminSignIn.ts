/**
 * The admin signs in through the real login screen of a production site, which always asks for a
 * second factor (docs/decisions/027-admin-second-factor.md): the first time the admin enrols an
 * authenticator app (the key read from the screen, the code computed here, as the admin's app
 * would) and saves the recovery codes; later a TOTP code, or a recovery code when the codes of
 * this half-minute were used. The same admin state as the API sign-in (adminOnRealClock.ts).
 */
import type { Page } from 'playwright-core';
import { visit } from './harness';
import { totpCode } from '../packages/server/src/auth/totp';
import { AuthenticatorApp, type RealClockAdmin } from '../packages/server/test/adminOnRealClock';

const STEP_TIMEOUT = 15_000;

/** The password step; answers the heading of the step that follows (or 'dashboard'). */
export async function enterAdminPassword(page: Page, siteUrl: string, admin: RealClockAdmin): Promise<string> {
  await visit(page, siteUrl + '/admin/login');
  await page.getByLabel('Email').fill(admin.credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const next = page
    .getByRole('heading', {
      level: 1,
      name: /^(Set up a second factor|Use your passkey|Enter your authenticator code|Admin Dashboard)$/,
    })
    .first();
  await next.waitFor({ timeout: STEP_TIMEOUT });
  return (await next.textContent()) ?? '';
}

/** The recovery codes shown after an enrolment, saved, then on to the dashboard. */
export async function saveRecoveryCodes(page: Page): Promise<string[]> {
  await page.getByRole('heading', { level: 1, name: 'Save your recovery codes' }).waitFor({ timeout: STEP_TIMEOUT });
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  await page.getByLabel('I have saved these codes').check();
  await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
  return codes;
}

/** Enrols an authenticator app on the screen: the key as text, one code to confirm. */
export async function enrolAuthenticatorApp(page: Page, admin: RealClockAdmin): Promise<void> {
  await page.getByRole('button', { name: 'Use an authenticator app' }).click();
  await page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' }).waitFor();
  const keyLine = page.getByText(/^Key:/);
  await keyLine.waitFor({ timeout: STEP_TIMEOUT });
  const secret = ((await keyLine.locator('code').textContent()) ?? '').trim();
  const now = new Date();
  await page.getByLabel('Authenticator code').fill(totpCode(secret, now));
  await page.getByRole('button', { name: 'Confirm' }).click();
  admin.app = new AuthenticatorApp(secret);
  admin.app.usedAt(now);
  admin.recoveryCodes = await saveRecoveryCodes(page);
}

/** The second-factor prompt: the authenticator code, or a recovery code when none is left now. */
export async function proveSecondFactor(page: Page, admin: RealClockAdmin, step: string): Promise<void> {
  if (!admin.app) throw new Error('the admin has a second factor this test does not know');
  if (step === 'Use your passkey')
    await page.getByRole('button', { name: 'Use an authenticator code instead' }).click();
  const code = admin.app.code();
  if (code !== undefined) {
    await page.getByLabel('Authenticator code').fill(code);
  } else {
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const recovery = admin.recoveryCodes.shift();
    if (recovery === undefined) throw new Error('no TOTP code left this half-minute and no recovery code left');
    await page.getByLabel('Recovery code').fill(recovery);
  }
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs the admin in on the screen, whatever the second factor asks, and waits for /admin. */
export async function signInAdminOnScreen(page: Page, siteUrl: string, admin: RealClockAdmin): Promise<void> {
  const step = await enterAdminPassword(page, siteUrl, admin);
  if (step === 'Set up a second factor') await enrolAuthenticatorApp(page, admin);
  else if (step !== 'Admin Dashboard') await proveSecondFactor(page, admin, step);
  await page.waitForURL(/\/admin$/, { timeout: STEP_TIMEOUT });
}
