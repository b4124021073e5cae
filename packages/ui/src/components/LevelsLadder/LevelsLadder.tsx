/**
 * The peacemaker ladder (docs/product/rules.md#points-and-levels): where the member stands, how far the next level is,
 * and one card per level that opens to its requirements and benefits. Used by /levels (with the
 * defaults: a Prospect with 0 points) and by the dashboard's Peacemaker Levels tab.
 */
import { isLevelReached, levelProgress, type LevelKey } from '@prr/contract';
import { useId, useState } from 'react';
import { Icon } from './Icon';
import { levelContent, LEVELS, type LevelContent, type LevelStatus } from './levelContent';
import { ProgressBar } from './ProgressBar';
import * as S from './LevelsLadder.styles';

export interface LevelsLadderProps {
  currentLevel?: LevelKey;
  currentPoints?: number;
}

export function LevelsLadder({ currentLevel = 'Prospect', currentPoints = 0 }: LevelsLadderProps) {
  const current = levelContent(currentLevel);
  const progress = levelProgress(currentLevel, currentPoints);
  const percent = Math.round(progress.percent);
  const next = progress.next ? levelContent(progress.next) : null;

  return (
    <S.Wrapper>
      <S.Summary aria-label="Your peacemaker level">
        <S.SummaryIcon>
          <Icon name={current.icon} />
        </S.SummaryIcon>
        <S.SummaryBody>
          <S.SummaryLabel>Current level</S.SummaryLabel>
          <S.SummaryTitle>{current.title}</S.SummaryTitle>
          <S.SummaryPoints>
            {currentPoints} {currentPoints === 1 ? 'point' : 'points'}
          </S.SummaryPoints>
          {next ? (
            <>
              <ProgressBar
                label={`Progress to ${next.title}`}
                percent={percent}
                valueText={`${percent}% of the way to ${next.title}`}
              />
              <S.SummaryNext>
                <strong>{percent}%</strong> of the way to {next.title} · <strong>{progress.remaining}</strong>{' '}
                {progress.remaining === 1 ? 'point' : 'points'} to go
              </S.SummaryNext>
            </>
          ) : (
            <S.SummaryNext>You have reached the highest level. Thank you for keeping the peace.</S.SummaryNext>
          )}
        </S.SummaryBody>
      </S.Summary>

      <S.Ladder aria-label="Peacemaker levels">
        {LEVELS.map((level) => (
          <LevelCard
            key={level.key}
            level={level}
            status={
              level.key === currentLevel ? 'current' : isLevelReached(level.key, currentLevel) ? 'reached' : 'locked'
            }
          />
        ))}
      </S.Ladder>
    </S.Wrapper>
  );
}

const STATUS_TEXT: Record<LevelStatus, string> = {
  current: 'Current level',
  reached: 'Reached',
  locked: 'Not yet reached',
};

/** One rung of the ladder (a list item); also the new level's card in the dashboard's level-up celebration. */
export function LevelCard({ level, status }: { level: LevelContent; status: LevelStatus }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <S.Item $status={status}>
      <S.Marker $status={status}>
        <Icon name={level.icon} />
      </S.Marker>
      <S.Card $status={status}>
        <S.CardHeading>
          <S.Toggle type="button" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
            <S.ToggleText>
              <S.LevelTitle>{level.title}</S.LevelTitle>
              <S.LevelSubtitle>{level.subtitle}</S.LevelSubtitle>
            </S.ToggleText>
            <S.Badges>
              <S.Points>{level.pointsRequired} points</S.Points>
              <S.Status $status={status}>{STATUS_TEXT[status]}</S.Status>
            </S.Badges>
            <S.Chevron aria-hidden $open={open}>
              ▾
            </S.Chevron>
          </S.Toggle>
        </S.CardHeading>
        <S.Description>{level.description}</S.Description>
        <S.Details id={detailsId} hidden={!open}>
          <div>
            <S.DetailsTitle>Requirements</S.DetailsTitle>
            <S.DetailsList>
              {level.requirements.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </S.DetailsList>
          </div>
          <div>
            <S.DetailsTitle>Benefits</S.DetailsTitle>
            <S.DetailsList>
              {level.benefits.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </S.DetailsList>
          </div>
        </S.Details>
      </S.Card>
    </S.Item>
  );
}
