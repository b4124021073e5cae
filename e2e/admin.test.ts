/**
 * The admin's journey (docs/decisions/022-admin-participants-at-scale.md) in real Chromium against the production build and the real
 * server, on PostgreSQL (`e2e-postgres`; docs/testing.md#browser-journeys): sign in, find one participant among 30,
 * correct and deactivate them, export the CSV and read it, update the map and undo it, change the
 * password, sign out, and sign in with the new password.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_ADMIN, api, type AdminMemberPage, type StateParticipation } from '@prr/contract';
import { signInAdminOnScreen } from './adminSignIn';
import { seriousViolations } from './axe';
import { useSiteAndBrowser, viewports, visit, withPage } from './harness';

const running = useSiteAndBrowser();

const NEW_PASSWORD = 'a-longer-secret-for-the-organiser';

async function expectToast(page: Page, title: string | RegExp): Promise<void> {
  await page.getByText(title).first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** The password, then the second factor production asks for (enrolled at the first sign-in). */
async function signIn(page: Page, password: string): Promise<void> {
  running.site.admin.credentials.password = password;
  await signInAdminOnScreen(page, running.site.url, running.site.admin);
  await expectToast(page, 'Login successful');
}

/** A read the browser makes with the admin's cookie, as the screens do. */
function readApi<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await (await fetch(url)).json()) as T, path);
}

const mapTotal = (states: StateParticipation[]) => states.reduce((sum, s) => sum + s.peacemakers, 0);

it('an admin finds, corrects, deactivates and exports a participant among 30, updates the map and undoes it, and changes the password', async () => {
  await withPage(running.browser, viewports.wide, async ({ page, errors }) => {
    await signIn(page, DEMO_ADMIN.password);

    // 30 participants, added as the admin's form does (POST /api/admin/members).
    const added = await page.evaluate(async (path) => {
      const statuses: number[] = [];
      for (let i = 1; i <= 30; i += 1) {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: `Journey Person ${String(i).padStart(2, '0')}`,
            email: `journey${i}@example.org`,
            state: 'Oregon',
            zipCode: `97${String(200 + i)}`,
          }),
        });
        statuses.push(res.status);
      }
      return statuses;
    }, api.addParticipant.path);
    expect(added).toEqual(Array(30).fill(201));

    await visit(page, running.site.url + '/admin');
    await page.getByRole('link', { name: 'View all participants' }).click();
    await page.waitForURL(/\/admin\/participants/);
    await page.getByRole('heading', { level: 1, name: 'Participants' }).waitFor();

    // Search: one of the 30, by part of the name; the filter goes into the address.
    await page.getByLabel('Search').fill('person 17');
    await page.waitForURL(/q=person(\+|%20)17/);
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(2); // the header row and one participant
    await page.getByRole('rowheader', { name: 'Journey Person 17' }).waitFor();

    // Correct the name and the ZIP code, with Add Participant's fields and messages.
    await page.getByRole('button', { name: 'Edit Journey Person 17' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Journey Person 17' });
    await edit.getByLabel('Zip Code').fill('972');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText('Zip code must be at least 5 characters').waitFor();
    await edit.getByLabel('Full Name').fill('Journey Person Seventeen');
    await edit.getByLabel('Zip Code').fill('97217');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Participant updated');
    await page.getByLabel('Search').fill('seventeen');
    await page.getByRole('rowheader', { name: 'Journey Person Seventeen' }).waitFor();

    // Deactivate: the badge says so, and the server keeps it.
    await page.getByRole('button', { name: 'Deactivate Journey Person Seventeen' }).click();
    await expectToast(page, 'Participant deactivated');
    await page.getByRole('button', { name: 'Reactivate Journey Person Seventeen' }).waitFor();
    const stored = await readApi<AdminMemberPage>(page, `${api.adminMembers.path}?q=seventeen`);
    expect(stored.items).toMatchObject([
      { name: 'Journey Person Seventeen', zipCode: '97217', state: 'Oregon', isActive: false },
    ]);

    // Export what the filter shows (the Oregon participants, A to Z) and read the file.
    await page.getByLabel('Search').fill('');
    // The emptied search reaches the address first (it is debounced): a filter chosen before
    // that would be written over by the late search on a slow machine.
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await page.getByLabel('State').click();
    await page.getByRole('option', { name: 'Oregon' }).click();
    await page.getByLabel('Sort by').click();
    await page.getByRole('option', { name: 'Name A–Z' }).click();
    await page.waitForURL(/state=Oregon/);
    await page.getByText('30 participants').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('participants.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFName,Email,State,ZIP Code,Status,Joined\r\n')).toBe(true);
    const lines = csv.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(31);
    expect(lines[1]).toMatch(/^Journey Person 01,journey1@example\.org,Oregon,97201,Active,/);
    expect(lines.find((line) => line.startsWith('Journey Person Seventeen,'))).toMatch(
      /^Journey Person Seventeen,journey17@example\.org,Oregon,97217,Inactive,/,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // 'Update Map' asks first, saying what will change; the change can be undone once.
    const before = await readApi<StateParticipation[]>(page, api.mapStates.path);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('button', { name: 'Update Map' }).click();
    const confirm = page.getByRole('dialog', { name: 'Update the map?' });
    await confirm.getByText(/will be replaced by counts of active members/).waitFor();
    expect(await confirm.innerText()).toMatch(
      new RegExp(`The map's counts \\(${mapTotal(before).toLocaleString('en-US')} peacemakers in`),
    );
    await confirm.getByRole('button', { name: 'Update Map' }).click();
    await expectToast(page, 'State data updated');
    const updated = await readApi<StateParticipation[]>(page, api.mapStates.path);
    // 29 active participants in Oregon; the deactivated one is not counted.
    expect(updated.find((s) => s.state === 'Oregon')?.peacemakers).toBe(29);

    await page.getByRole('button', { name: 'Undo last map update' }).click();
    await expectToast(page, 'Map counts restored');
    await expect.poll(() => readApi<StateParticipation[]>(page, api.mapStates.path)).toEqual(before);
    await expect
      .poll(() => page.getByRole('region', { name: 'Sample Data' }).innerText())
      .toMatch(mapTotal(before).toLocaleString('en-US'));

    // Change the password; then sign out, and only the new password signs in.
    await page.getByRole('button', { name: 'Change Password' }).click();
    const change = page.getByRole('dialog', { name: 'Change Password' });
    await change.getByLabel('Current password', { exact: true }).fill(DEMO_ADMIN.password);
    await change.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await change.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password changed');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin\/login$/);
    const refused = await page.evaluate(async (path) => (await fetch(path)).status, api.adminStats.path);
    expect(refused).toBe(401);

    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login failed');
    await signIn(page, NEW_PASSWORD);
    // Only the refused reads after logout and the refused old password are errors.
    expect(errors.filter((e) => !/\b40[01]\b/.test(e))).toEqual([]);
  });
});
