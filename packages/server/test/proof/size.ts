/**
 * How big the proofs run, read in this one place (docs/testing.md#proofs): seeded and bounded in
 * `npm test`, the full sizes with PRR_PROOF=full (`npm run test:proof`). Every assertion runs at
 * both sizes; only the counts and durations change.
 */

/** PRR_PROOF=full: the sizes the README's proof section quotes. */
export const FULL_PROOF = process.env.PRR_PROOF === 'full';

/** `bounded` in `npm test`, `full` under `npm run test:proof`. */
export const proofSize = (bounded: number, full: number): number => (FULL_PROOF ? full : bounded);

/**
 * The fuzz's seed: FUZZ_SEED to replay a run; otherwise a fixed one in `npm test` (the same cases
 * every run) and a new one per full run (new cases, printed with the figures for a replay).
 */
export function proofSeed(fixed: number): number {
  if (process.env.FUZZ_SEED !== undefined) return Number(process.env.FUZZ_SEED);
  return FULL_PROOF ? Date.now() % 2_147_483_647 : fixed;
}
