/**
 * The level-up celebration (docs/product/screens.md#level-up-celebration): when the member's view
 * names a level the dashboard has not celebrated (`levelUp`), a toast 'You are now an Agent' and,
 * at the top of the dashboard, the new level's card until the member dismisses it. The level is
 * acknowledged at once (POST /api/me/level-up/seen), so the next load does not show it again; the
 * answer replaces the cached member. Under reduced motion the card appears without its pop.
 */
import type { LevelKey, Member } from '@prr/contract';
import { m } from 'framer-motion';
import { useEffect, useId, useRef, useState } from 'react';
import { useLevelUpSeen } from '../../../api';
import { Icon, LevelCard, levelContent } from '../../../components/LevelsLadder';
import { MotionProvider, useReducedMotion } from '../../../motion';
import { toast } from '../../../primitives';
import { firstNameOf } from '../firstName';
import { levelUpTitle } from './levelUpText';
import * as S from './LevelUpCelebration.styles';

export interface LevelUpCelebrationProps {
  member: Member;
}

export function LevelUpCelebration({ member }: LevelUpCelebrationProps) {
  const headingId = useId();
  const reduceMotion = useReducedMotion();
  const { mutate: markSeen } = useLevelUpSeen();
  // The last level this dashboard noticed, and the one on screen until dismissed. Noticed while
  // rendering (React's pattern for state that follows a prop): on arrival, or when a save crossed
  // a threshold and the member was read again.
  const [noticed, setNoticed] = useState<LevelKey | null>(null);
  const [shown, setShown] = useState<LevelKey | null>(null);
  if (member.levelUp !== null && member.levelUp !== noticed) {
    setNoticed(member.levelUp);
    setShown(member.levelUp);
  }

  const announced = useRef<LevelKey | null>(null);
  useEffect(() => {
    // Once per level, also when Strict Mode runs the effect twice. A failed acknowledgement is not
    // told: the celebration simply comes back on the next load.
    if (noticed === null || announced.current === noticed) return;
    announced.current = noticed;
    toast({
      title: levelUpTitle(noticed),
      description: `Congratulations! Your new level, ${levelContent(noticed).title}, is on your dashboard.`,
    });
    markSeen({ body: { level: noticed } });
  }, [noticed, markSeen]);

  if (shown === null) return null;
  const level = levelContent(shown);
  return (
    <MotionProvider>
      <S.Celebration
        aria-labelledby={headingId}
        initial={reduceMotion ? false : { opacity: 0, scale: 0.94, y: -12 }}
        animate={{ opacity: 1, scale: 1, y: 0 }}
        transition={{ type: 'spring', stiffness: 260, damping: 20 }}
      >
        <S.Top>
          <S.Badge aria-hidden="true">
            <m.span
              initial={reduceMotion ? false : { rotate: -20, scale: 0.6 }}
              animate={{ rotate: 0, scale: 1 }}
              transition={{ delay: 0.15, type: 'spring', stiffness: 300, damping: 12 }}
            >
              <Icon name="sparkles" />
            </m.span>
          </S.Badge>
          <S.Intro>
            <S.Eyebrow>New peacemaker level</S.Eyebrow>
            <h2 id={headingId}>Congratulations, {firstNameOf(member.name)}!</h2>
            <p>
              Your points have taken you to <strong>{level.title}</strong>. Open the card to see what it asks and what
              it opens up.
            </p>
          </S.Intro>
          <S.Dismiss type="button" aria-label="Dismiss the celebration" onClick={() => setShown(null)}>
            ×
          </S.Dismiss>
        </S.Top>
        <S.CardList aria-label="Your new level">
          <LevelCard level={level} status="current" />
        </S.CardList>
      </S.Celebration>
    </MotionProvider>
  );
}
