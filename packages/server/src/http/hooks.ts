/**
 * Calling the app's hooks (AppHooks) from a route: after the route's write is committed, never
 * blocking the answer, and a hook's failure is logged, never answered (the write stands).
 */
import type { StoredMember } from '@prr/domain';
import { errorFields } from '../log.js';
import type { AppDeps } from './deps.js';

function runHook(deps: AppDeps, name: keyof AppDeps['hooks'], memberId: string, call: () => unknown): void {
  Promise.resolve()
    .then(call)
    .catch((error: unknown) => deps.logger.error(`${name} hook failed`, { memberId, ...errorFields(error) }));
}

/** A NEW member's join is on disk: the welcome and first reflection. */
export function memberJoined(deps: AppDeps, member: StoredMember): void {
  const hook = deps.hooks.memberJoined;
  if (hook) runHook(deps, 'memberJoined', member.id, () => hook(member));
}

/** A committed write raised this member's points: their level-up e-mail, if one is owed now. */
export function pointsRaised(deps: AppDeps, memberId: string): void {
  const hook = deps.hooks.pointsRaised;
  if (hook) runHook(deps, 'pointsRaised', memberId, () => hook(memberId));
}
