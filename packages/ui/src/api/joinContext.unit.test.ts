import { INVITE_PARAM, TIMEZONE_IDS } from '@prr/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportingTimezone } from '../test/browserTimezone';
import { browserTimezone, inviteFrom, joinContext, offeredTimezone } from './joinContext';

function browserZone(timeZone: string) {
  vi.restoreAllMocks();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(reportingTimezone(timeZone));
}

describe('join context', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps each of the ten offered time zones and nothing else', () => {
    for (const id of TIMEZONE_IDS) expect(offeredTimezone(id)).toBe(id);
    expect(offeredTimezone('Europe/Berlin')).toBeUndefined();
    expect(offeredTimezone('UTC')).toBeUndefined();
    expect(offeredTimezone('america/new_york')).toBeUndefined();
    expect(offeredTimezone(undefined)).toBeUndefined();
  });

  it("reads the browser's time zone", () => {
    browserZone('Europe/London');
    expect(browserTimezone()).toBe('Europe/London');
    browserZone('Asia/Kolkata');
    expect(browserTimezone()).toBeUndefined();
  });

  it('takes the invite code from the query, trimmed, when the contract would', () => {
    expect(inviteFrom(new URLSearchParams(`${INVITE_PARAM}=abc123`))).toBe('abc123');
    expect(inviteFrom(new URLSearchParams(`${INVITE_PARAM}=%20abc123%20`))).toBe('abc123');
    expect(inviteFrom(new URLSearchParams(''))).toBeUndefined();
    expect(inviteFrom(new URLSearchParams(`${INVITE_PARAM}=`))).toBeUndefined();
    expect(inviteFrom(new URLSearchParams(`${INVITE_PARAM}=${'x'.repeat(65)}`))).toBeUndefined();
  });

  it('leaves out what there is nothing to send', () => {
    const search = new URLSearchParams(`${INVITE_PARAM}=abc123`);
    expect(joinContext(search, 'America/Chicago')).toEqual({ timezone: 'America/Chicago', invite: 'abc123' });
    expect(joinContext(new URLSearchParams(), 'America/Chicago')).toEqual({ timezone: 'America/Chicago' });
    browserZone('Etc/UTC');
    expect(joinContext(search)).toEqual({ invite: 'abc123' });
    expect(joinContext(new URLSearchParams())).toEqual({});
  });
});
