/**
 * The admin's second factor in real Chromium against the production build and the real server
 * (docs/decisions/027-admin-second-factor.md): the admin enrols a passkey with Chromium's virtual
 * authenticator, saves the recovery codes, signs out and signs in with the passkey; a browser
 * without the passkey signs in with a recovery code, which works once; and an admin who enrolled
 * an authenticator app signs in with a code computed here, as the app would.
 *
 * Passkeys need a domain, not an IP address, as the relying party: these sites listen on a port
 * picked here and are browsed as http://localhost:<port>, their PUBLIC_URL.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_SECOND_FACTOR_MESSAGES, api } from '@prr/contract';
import { realClockAdmin } from '../packages/server/test/adminOnRealClock';
import { enrolAuthenticatorApp, enterAdminPassword, proveSecondFactor, saveRecoveryCodes } from './adminSignIn';
import { seriousViolations } from './axe';
import { freePort } from '../scripts/freePort.mjs';
import { launchBrowser, startSite, unexpectedErrors, viewports, withPage, type RunningSite } from './harness';
import type { Browser } from 'playwright-core';

async function startLocalhostSite(): Promise<RunningSite & { localUrl: string }> {
  const port = await freePort();
  const localUrl = `http://localhost:${port}`;
  const site = await startSite({ PORT: String(port), PUBLIC_URL: localUrl });
  return { ...site, localUrl };
}

/** Chromium's virtual authenticator: a platform passkey that verifies the user at once. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

async function expectSignedIn(page: Page): Promise<void> {
  await page.waitForURL(/\/admin$/, { timeout: 15_000 });
  await page.getByText('Login successful').first().waitFor({ timeout: 15_000 });
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/admin\/login$/);
}

let browser: Browser;
let passkeySite: RunningSite & { localUrl: string };
const passkeyAdmin = realClockAdmin();
let recoveryCodes: string[] = [];

beforeAll(async () => {
  passkeySite = await startLocalhostSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
  await (passkeySite as RunningSite | undefined)?.stop();
});

it('the admin enrols a passkey, saves the recovery codes, signs out and signs in with the passkey', async () => {
  await withPage(browser, viewports.wide, async ({ context, page, errors }) => {
    await addVirtualAuthenticator(context, page);
    expect(await enterAdminPassword(page, passkeySite.localUrl, passkeyAdmin)).toBe('Set up a second factor');
    // Before the second factor, the password's cookie opens no admin route.
    expect(await page.evaluate(async (path) => (await fetch(path)).status, api.adminStats.path)).toBe(401);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Set up a passkey' }).click();
    recoveryCodes = await saveRecoveryCodes(page);
    expect(recoveryCodes).toHaveLength(10);
    await expectSignedIn(page);

    await logOut(page);
    expect(await enterAdminPassword(page, passkeySite.localUrl, passkeyAdmin)).toBe('Use your passkey');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await expectSignedIn(page);
    expect(await page.evaluate(async (path) => (await fetch(path)).status, api.adminStats.path)).toBe(200);
    expect(unexpectedErrors(errors, [{ status: 401, path: api.adminStats.path }])).toEqual([]);
  });
});

it('a browser without the passkey signs in with a recovery code, which works once', async () => {
  expect(recoveryCodes, 'the passkey journey saved the codes').toHaveLength(10);
  await withPage(browser, viewports.narrow, async ({ page, errors }) => {
    expect(await enterAdminPassword(page, passkeySite.localUrl, passkeyAdmin)).toBe('Use your passkey');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page);

    await logOut(page);
    await enterAdminPassword(page, passkeySite.localUrl, passkeyAdmin);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(ADMIN_SECOND_FACTOR_MESSAGES.wrongCode).waitFor();
    await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page);
    expect(unexpectedErrors(errors, [{ status: 401, path: api.adminRecoveryCodeSignIn.path }])).toEqual([]);
  });
});

it('an admin who enrolled an authenticator app signs in with its code (the TOTP fallback)', async () => {
  const site = await startLocalhostSite();
  const admin = realClockAdmin();
  try {
    await withPage(browser, viewports.wide, async ({ page, errors }) => {
      expect(await enterAdminPassword(page, site.localUrl, admin)).toBe('Set up a second factor');
      await enrolAuthenticatorApp(page, admin);
      await expectSignedIn(page);

      await logOut(page);
      const step = await enterAdminPassword(page, site.localUrl, admin);
      expect(step).toBe('Enter your authenticator code');
      // A wrong code first: the server's message under the field.
      await page.getByLabel('Authenticator code').fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText(ADMIN_SECOND_FACTOR_MESSAGES.wrongCode).waitFor();
      await proveSecondFactor(page, admin, step);
      await expectSignedIn(page);
      expect(unexpectedErrors(errors, [{ status: 401, path: api.adminTotpSignIn.path }])).toEqual([]);
    });
  } finally {
    await site.stop();
  }
});
