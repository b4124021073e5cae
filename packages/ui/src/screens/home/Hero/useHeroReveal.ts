/**
 * The hero's timed reveal (docs/product/screens.md#hero): the headline at once, "you care about
 * people" at 3.5 s, "and want to preserve your relationships" at 4 s, the two buttons at 5 s.
 * Under reduced motion everything shows at once.
 */
import { useEffect, useState } from 'react';
import { useReducedMotion } from '../../../motion';

export const HERO_TIMINGS = { caresMs: 3500, relationshipsMs: 4000, actionsMs: 5000 } as const;

export type HeroStage = 0 | 1 | 2 | 3;

export function useHeroReveal(): HeroStage {
  const reducedMotion = useReducedMotion();
  const [stage, setStage] = useState<HeroStage>(0);

  useEffect(() => {
    if (reducedMotion) return undefined;
    const steps: [number, HeroStage][] = [
      [HERO_TIMINGS.caresMs, 1],
      [HERO_TIMINGS.relationshipsMs, 2],
      [HERO_TIMINGS.actionsMs, 3],
    ];
    const timers = steps.map(([ms, next]) =>
      window.setTimeout(() => setStage((current) => (current < next ? next : current)), ms),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [reducedMotion]);

  return reducedMotion ? 3 : stage;
}
