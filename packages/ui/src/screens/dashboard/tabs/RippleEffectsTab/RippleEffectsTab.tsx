/**
 * Ripple Effects: how the member's practice reached others, week by week: one record per week
 * (docs/product/rules.md#ripple-effects), which the record dialog shows and updates.
 */
import type { Member, RippleEffect } from '@prr/contract';
import { useState } from 'react';
import styled from 'styled-components';
import { useRippleEffects } from '../../../../api';
import { Icon } from '../../../../components/LevelsLadder';
import { Button } from '../../../../primitives';
import { media } from '../../../../theme';
import { QueryView } from '../../../../components/QueryView';
import { TabSection } from '../../TabSection';
import { RecordImpactDialog } from './RecordImpactDialog';
import { RIPPLE_COUNTS } from './rippleCounts';

export interface RippleEffectsTabProps {
  member: Member;
}

export function RippleEffectsTab({ member }: RippleEffectsTabProps) {
  const effects = useRippleEffects();
  const [open, setOpen] = useState(false);
  return (
    <TabSection
      title="Ripple Effects"
      lead="One calmer conversation changes the next one. Note each week how your practice spread."
      action={<Button onClick={() => setOpen(true)}>Record This Week&apos;s Impact</Button>}
    >
      <QueryView
        query={effects}
        loading="Loading your ripple effects..."
        error="We couldn't load your ripple effects."
        isEmpty={(list) => list.length === 0}
        empty="No weeks recorded yet. At the end of this week, record who your practice reached."
      >
        {(list) => <EffectList effects={list} />}
      </QueryView>
      <RecordImpactDialog member={member} effects={effects.data} open={open} onOpenChange={setOpen} />
    </TabSection>
  );
}

/**
 * Newest week first, like the reflections; one card per week. Data from before a week had one
 * record may hold several, the latest first: that latest one is the week's.
 */
export function weeklyEffects(effects: readonly RippleEffect[]): RippleEffect[] {
  const seen = new Set<number>();
  return [...effects]
    .sort((a, b) => b.week - a.week)
    .filter((effect) => !seen.has(effect.week) && seen.add(effect.week));
}

function EffectList({ effects }: { effects: readonly RippleEffect[] }) {
  const sorted = weeklyEffects(effects);
  return (
    <Weeks aria-label="Weekly impact">
      {sorted.map((effect) => (
        <Week key={effect.id}>
          <h3>Week {effect.week}</h3>
          <Counts>
            {RIPPLE_COUNTS.map(({ key, label, icon }) => (
              <div key={key}>
                <dt>
                  <Icon name={icon} /> {label}
                </dt>
                <dd>{effect[key]}</dd>
              </div>
            ))}
          </Counts>
          {effect.notes ? <Notes>{effect.notes}</Notes> : null}
        </Week>
      ))}
    </Weeks>
  );
}

const Weeks = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Week = styled.li`
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Counts = styled.dl`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.md} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  div {
    display: flex;
    flex-direction: column-reverse;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.paper};
  }
  dt {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.inkSoft};
    svg {
      color: ${({ theme }) => theme.colors.brand};
    }
  }
  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

const Notes = styled.blockquote`
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding-left: ${({ theme }) => theme.space.md};
  border-left: 3px solid ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.inkSoft};
  font-style: italic;
`;
