/**
 * What a join sends besides the fields the visitor types (docs/product/rules.md#joining): the
 * browser's time zone when it is one of the ten offered, and the invite code of the link the
 * visitor came through (`?invite=CODE`). Both forms, the home page's and /experiment, build theirs here.
 */
import { INVITE_PARAM, JoinRequest, TIMEZONE_IDS, type TimezoneId } from '@prr/contract';
import { useSiteLocation } from '../navigation';

export type JoinContext = Pick<JoinRequest, 'timezone' | 'invite'>;

/** One of TIMEZONES, or undefined: the server then starts the member on New York time. */
export function offeredTimezone(zone: string | undefined): TimezoneId | undefined {
  return TIMEZONE_IDS.find((id) => id === zone);
}

/** The browser's IANA time zone when it is one of TIMEZONES. */
export function browserTimezone(): TimezoneId | undefined {
  try {
    return offeredTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    // No Intl time zone support: nothing to send.
    return undefined;
  }
}

/**
 * The invite code in an address's query, when the contract takes it: a code the server would
 * refuse (too long) is dropped rather than failing the join on a field the visitor cannot see.
 */
export function inviteFrom(search: URLSearchParams): string | undefined {
  const parsed = JoinRequest.shape.invite.safeParse(search.get(INVITE_PARAM) ?? undefined);
  return parsed.success && parsed.data ? parsed.data : undefined;
}

/** The time zone and invite code, each key left out when there is nothing to send. */
export function joinContext(search: URLSearchParams, timezone = browserTimezone()): JoinContext {
  const invite = inviteFrom(search);
  return { ...(timezone ? { timezone } : {}), ...(invite ? { invite } : {}) };
}

/** The join context of the page the form is on (its address's ?invite=). */
export function useJoinContext(): JoinContext {
  const { search } = useSiteLocation();
  return joinContext(new URLSearchParams(search));
}
