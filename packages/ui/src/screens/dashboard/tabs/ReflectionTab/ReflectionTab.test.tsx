import { api, pathFor, REFLECTION_DEFAULTS, type Member } from '@prr/contract';
import { promptForDay, type StoredReflection } from '@prr/domain';
import { failing, mockDb, onRoute } from '@prr/mocks';
import { FIXTURE_NOW } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { draftStore } from '../../../../hooks/useDraft';
import { MemberDashboard } from '../../MemberDashboard';
import { countRequests } from '../../../../test/countRequests';
import { renderScreen, type ScreenUser } from '../../testUtils';
import { jordan, priya } from '../../storyData';

// Role queries walk the whole form's accessibility tree on every call, which is slow in jsdom;
// labels and text find the same controls far faster.
import { ReflectionTab } from './ReflectionTab';
import { localIsoDate } from './reflectionRequest';

function captureSaves() {
  const bodies: unknown[] = [];
  server.use(
    onRoute(api.saveReflection, async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type User = ScreenUser;

/** Long text is pasted, not typed key by key: same events for the form, far less time. */
async function write(user: User, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

/**
 * The tab of a member who has not reflected today (Priya, day 21), signed in as the mocks' ambient
 * member; `jordan` saved day 10 at 9:05 AM New York time (mocks/fixtures/reflections.ts).
 */
/** The tab of `member` signed in, `daysLater` days after the fixtures' day (the mocks' clock moved with it). */
async function renderTab(member: Member = priya, { daysLater = 0 } = {}) {
  mockDb.ambientMemberId = member.id;
  mockDb.now = () => new Date(FIXTURE_NOW.getTime() + daysLater * DAY_MS);
  const currentDay = member.currentDay + daysLater;
  const result = renderScreen(<ReflectionTab member={{ ...member, currentDay }} />);
  // The first request of a cold test run can take a moment.
  await screen.findByText(promptForDay(currentDay)?.title ?? '', {}, { timeout: 5000 });
  await screen.findByText('Save Reflection');
  return result;
}

// The first test of the file also pays for warming up Radix, MSW and the module graph; on a
// shared, busy machine that alone can approach the default 15 s.
describe('ReflectionTab', { timeout: 30_000 }, () => {
  it('sends every field with the day, the local date, the prompt and the exercise count, never the member', async () => {
    const bodies = captureSaves();
    const { user } = await renderTab();
    await user.click(screen.getByLabelText('I paused before reacting'));
    await user.click(screen.getByLabelText('I reflected on what happened'));
    await user.click(screen.getByLabelText('Gratitude practice'));
    await user.click(screen.getByLabelText('Perspective taking'));
    screen.getByLabelText('Empathy').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await user.type(screen.getByLabelText('Better responses'), '{Backspace}2');
    await write(user, 'Notes about your day', 'Listened first.');
    await write(user, "Your response to today's prompt", 'We both love the park.');
    await user.click(screen.getByText('Save Reflection'));

    expect(await screen.findByText('Reflection saved! ✨')).toBeInTheDocument();
    const prompt = promptForDay(priya.currentDay);
    expect(bodies).toEqual([
      {
        ...REFLECTION_DEFAULTS,
        paused: true,
        reflected: true,
        gratitudePractice: true,
        perspectiveTaking: true,
        empathyScore: 8,
        successfulResponses: 2,
        notes: 'Listened first.',
        promptResponse: 'We both love the park.',
        day: priya.currentDay,
        date: localIsoDate(new Date()),
        reflectionPrompt: prompt?.prompt,
        exerciseType: prompt?.exerciseType,
        completedExercises: 2,
      },
    ]);
  });

  it("opens on today's saved reflection and says when it was saved, in the member's time zone", async () => {
    await renderTab(jordan);
    expect(screen.getByText('Saved today at 9:05 AM')).toBeInTheDocument();
    expect(screen.getByLabelText('I paused before reacting')).toBeChecked();
    expect(screen.getByLabelText('I tried again with a better response')).not.toBeChecked();
    expect(screen.getByLabelText('Gratitude practice')).toBeChecked();
    expect(screen.getByLabelText('Mood')).toHaveAttribute('aria-valuenow', '8');
    expect(screen.getByLabelText('Conflicts today')).toHaveValue(1);
    expect(screen.getByLabelText("Your response to today's prompt")).toHaveValue(
      'Start with the park, not with the election signs.',
    );
    cleanup();

    await renderTab({ ...jordan, timezone: 'Europe/London' });
    expect(screen.getByText('Saved today at 2:05 PM')).toBeInTheDocument();
  });

  it("ignores the member's other days: only the current day's reflection is today's entry", async () => {
    await renderTab(jordan, { daysLater: 1 });
    expect(screen.queryByText(/^Saved today at/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('I paused before reacting')).not.toBeChecked();
    expect(screen.getByLabelText('Notes about your day')).toHaveValue('');
  });

  it("updates today's entry: the same day is sent again, 'Reflection updated', and the form keeps the saved values", async () => {
    const bodies = captureSaves();
    const { user } = await renderTab(jordan);
    await user.click(screen.getByLabelText('I tried again with a better response'));
    expect(screen.getByText("You have unsaved changes. Save to update today's entry.")).toBeInTheDocument();
    await user.click(screen.getByText('Save Reflection'));

    expect(await screen.findByText('Reflection updated')).toBeInTheDocument();
    expect(screen.getByText("Today's entry now has your changes.")).toBeInTheDocument();
    expect(screen.queryByText('Reflection saved! ✨')).not.toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ day: jordan.currentDay, retried: true, paused: true })]);
    // The mocks' clock is FIXTURE_NOW: 10:00 in New York.
    expect(await screen.findByText('Saved today at 10:00 AM')).toBeInTheDocument();
    expect(screen.getByText("Change anything and save again to update today's entry.")).toBeInTheDocument();
    expect(screen.getByLabelText('I tried again with a better response')).toBeChecked();
    expect(mockDb.reflections.filter((r) => r.memberId === jordan.id && r.day === jordan.currentDay)).toHaveLength(1);
  });

  it('shows what was saved after the first save, with the time it was saved', async () => {
    const { user } = await renderTab();
    await user.click(screen.getByLabelText('I paused before reacting'));
    await user.click(screen.getByLabelText('Breathing exercise'));
    screen.getByLabelText('Mood').focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await user.type(screen.getByLabelText('Conflicts today'), '{Backspace}4');
    await write(user, 'Notes about your day', 'A long day.');
    await user.click(screen.getByText('Save Reflection'));

    expect(await screen.findByText('Your daily progress has been recorded.')).toBeInTheDocument();
    // FIXTURE_NOW in Priya's Los Angeles.
    expect(await screen.findByText('Saved today at 7:00 AM')).toBeInTheDocument();
    expect(screen.getByLabelText('I paused before reacting')).toBeChecked();
    expect(screen.getByLabelText('Breathing exercise')).toBeChecked();
    expect(screen.getByLabelText('Mood')).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByLabelText('Conflicts today')).toHaveValue(4);
    expect(screen.getByLabelText('Notes about your day')).toHaveValue('A long day.');
    expect(screen.getByText('Exercises completed: 1 of 3')).toBeInTheDocument();
  });

  it("waits for today's entry before showing the form, and offers a retry when it cannot be read", async () => {
    server.use(failing(api.memberDashboard, 500));
    mockDb.ambientMemberId = priya.id;
    const { user } = renderScreen(<ReflectionTab member={priya} />);
    expect(screen.getByText("Loading today's reflection...")).toBeInTheDocument();
    expect(screen.queryByText('Save Reflection')).not.toBeInTheDocument();
    expect(
      await screen.findByText("We couldn't load today's reflection. Try again to see and change it."),
    ).toBeInTheDocument();
    expect(screen.queryByText('Save Reflection')).not.toBeInTheDocument();

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Save Reflection')).toBeInTheDocument();
  });

  it('turns non-numeric and negative counts into 0 before they are sent', async () => {
    const bodies = captureSaves();
    const { user } = await renderTab();
    const conflicts = screen.getByLabelText('Conflicts today');
    await user.clear(conflicts);
    await user.type(conflicts, 'abc');
    await user.tab();
    expect(conflicts).toHaveValue(0);
    const better = screen.getByLabelText('Better responses');
    fireEvent.change(better, { target: { value: '-3' } });
    fireEvent.blur(better);
    expect(better).toHaveValue(0);
    fireEvent.change(better, { target: { value: '2.6' } });
    fireEvent.blur(better);
    expect(better).toHaveValue(2);

    await user.click(screen.getByText('Save Reflection'));
    await screen.findByText('Reflection saved! ✨');
    expect(bodies[0]).toMatchObject({ conflictCount: 0, successfulResponses: 2 });
  });

  it('counts completed exercises from the three practice toggles', async () => {
    const { user } = await renderTab();
    expect(screen.getByText('Exercises completed: 0 of 3')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Gratitude practice'));
    await user.click(screen.getByLabelText('Breathing exercise'));
    await user.click(screen.getByLabelText('Perspective taking'));
    expect(screen.getByText('Exercises completed: 3 of 3')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Breathing exercise'));
    expect(screen.getByText('Exercises completed: 2 of 3')).toBeInTheDocument();
  });

  it('shows the error toast when the save fails and keeps what was entered', async () => {
    server.use(failing(api.saveReflection, 500));
    const { user } = await renderTab();
    await user.click(screen.getByLabelText('I paused before reacting'));
    await user.click(screen.getByText('Save Reflection'));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('I paused before reacting')).toBeChecked();
    cleanup();
    await renderTab();
    expect(screen.getByLabelText('I paused before reacting')).toBeChecked();
  });

  it('keeps an unsaved reflection across a tab switch and a reload, and forgets it once saved', async () => {
    mockDb.ambientMemberId = priya.id;
    const { user, unmount } = renderScreen(<MemberDashboard member={priya} />);
    await user.click(await screen.findByLabelText('I paused before reacting', {}, { timeout: 5000 }));
    await write(user, "Your response to today's prompt", 'We argued about the fence, then I listened.');

    // Radix mounts only the open tab: the form is gone while Achievements is open.
    await user.click(screen.getByRole('tab', { name: 'Achievements' }));
    expect(screen.queryByLabelText('Notes about your day')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: "Today's Reflection" }));
    expect(await screen.findByLabelText("Your response to today's prompt")).toHaveValue(
      'We argued about the fence, then I listened.',
    );
    expect(screen.getByLabelText('I paused before reacting')).toBeChecked();

    // As after a reload or a crashed tab: a new page, the same browser session.
    unmount();
    const again = renderScreen(<MemberDashboard member={priya} />);
    expect(await screen.findByLabelText("Your response to today's prompt", {}, { timeout: 5000 })).toHaveValue(
      'We argued about the fence, then I listened.',
    );

    await again.user.click(screen.getByText('Save Reflection'));
    expect(await screen.findByText('Reflection saved! ✨')).toBeInTheDocument();
    again.unmount();
    expect(sessionStorage.getItem(draftStore.keyOf(`reflection.${priya.id}.day${priya.currentDay}`))).toBeNull();
    // What shows now is the saved entry, read from the server.
    renderScreen(<MemberDashboard member={priya} />);
    expect(await screen.findByText('Saved today at 7:00 AM', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText("Your response to today's prompt")).toHaveValue(
      'We argued about the fence, then I listened.',
    );
    expect(screen.queryByText(/You have unsaved changes/)).not.toBeInTheDocument();
  });

  it("keeps each member's draft to that member and day, and ignores a kept draft that no longer fits the form", async () => {
    const first = await renderTab();
    await write(first.user, 'Notes about your day', 'Only for Priya.');
    first.unmount();

    await renderTab(jordan);
    expect(screen.getByLabelText('Notes about your day')).toHaveValue(
      'Found shared ground with my neighbour: we both want the park kept safe.',
    );
    cleanup();

    // The next day starts from that day's entry, not from yesterday's unsaved words.
    await renderTab(priya, { daysLater: 1 });
    expect(screen.getByLabelText('Notes about your day')).toHaveValue('');
    cleanup();

    sessionStorage.setItem(
      draftStore.keyOf(`reflection.${priya.id}.day${priya.currentDay}`),
      JSON.stringify({ notes: 42, mood: 'high' }),
    );
    await renderTab();
    expect(screen.getByLabelText('Notes about your day')).toHaveValue('');
    expect(screen.getByLabelText('Mood')).toHaveAttribute('aria-valuenow', '5');
  });

  it('refreshes the first screen with one request after a save, which brings the achievements tab its new one too', async () => {
    // Priya is the one signed in (the mocks' ambient member: no cookie needed).
    mockDb.ambientMemberId = priya.id;
    // Six paused days in a row (15-20): a paused save on day 21 earns Week Warrior on the server.
    for (let day = priya.currentDay - 6; day < priya.currentDay; day += 1) {
      // The mocks' clock is fixed at FIXTURE_NOW, which is Priya's current day.
      const savedAt = new Date(FIXTURE_NOW.getTime() - (priya.currentDay - day) * DAY_MS);
      const reflection: StoredReflection = {
        ...REFLECTION_DEFAULTS,
        paused: true,
        id: crypto.randomUUID(),
        memberId: priya.id,
        day,
        date: savedAt.toISOString().slice(0, 10),
        exerciseType: promptForDay(day)?.exerciseType ?? '',
        completedExercises: 0,
        savedAt: savedAt.toISOString(),
      };
      mockDb.reflections.push(reflection);
    }
    const reads = {
      dashboard: countRequests(pathFor(api.memberDashboard)),
      achievements: countRequests(pathFor(api.achievements)),
      reflections: countRequests(pathFor(api.reflections)),
    };
    const { user } = renderScreen(<MemberDashboard member={priya} />);
    const timesPaused = () => screen.getByText('Times Paused').closest('li');
    await waitFor(() => expect(timesPaused()).toHaveTextContent(/^6\s*Times Paused$/), { timeout: 5000 });

    // Seen once before the save, so the later answer can only come from a new request (the
    // query client keeps data fresh forever unless a mutation invalidates it). The dashboard's
    // answer brought the achievements with it: the tab asks for nothing.
    await user.click(screen.getByRole('tab', { name: 'Achievements' }));
    expect(await screen.findByText(/^No achievements yet/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(reads.dashboard.count).toBe(1);
    expect(reads.achievements.count).toBe(0);

    await user.click(screen.getByRole('tab', { name: "Today's Reflection" }));
    await user.click(await screen.findByLabelText('I paused before reacting', {}, { timeout: 5000 }));
    await user.click(screen.getByText('Save Reflection'));
    expect(await screen.findByText('Reflection saved! ✨')).toBeInTheDocument();

    // The first screen is on screen, so its one answer is asked again at once.
    await waitFor(() => expect(timesPaused()).toHaveTextContent(/^7\s*Times Paused$/));
    expect(reads.dashboard.count).toBe(2);

    await user.click(screen.getByRole('tab', { name: 'Achievements' }));
    const earned = await screen.findByLabelText('Earned achievements', {}, { timeout: 5000 });
    expect(within(earned).getByText('Week Warrior')).toBeInTheDocument();
    expect(reads).toMatchObject({ dashboard: { count: 2 }, achievements: { count: 0 }, reflections: { count: 0 } });
  });
});
