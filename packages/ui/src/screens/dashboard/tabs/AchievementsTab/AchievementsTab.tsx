/**
 * Achievements: what the member has earned, the points it brought, and the achievements still to
 * come: each 'Coming Up Next' card shows while its type is not earned, read from the domain's
 * catalogue, the same one the server awards from.
 */
import { hasAchievement, totalAchievementPoints, type Achievement, type Member } from '@prr/contract';
import { ACHIEVEMENTS } from '@prr/domain';
import styled from 'styled-components';
import { useAchievements } from '../../../../api';
import { Icon, isIconName, type IconName } from '../../../../components/LevelsLadder';
import { QueryView } from '../../../../components/QueryView';
import { Panel, SubHeading, TabSection } from '../../TabSection';

export interface AchievementsTabProps {
  member: Member;
}

/** The server names an icon; anything we do not draw falls back to the trophy (docs/product/api.md#entities). */
const iconFor = (name: string): IconName => (isIconName(name) ? name : 'trophy');

// `member` keeps every tab's props alike; the achievements are the signed-in member's.
export function AchievementsTab(_props: AchievementsTabProps) {
  const achievements = useAchievements();
  return (
    <TabSection title="Achievements" lead="Milestones along the way. Each one adds to your peacemaker points.">
      <QueryView
        query={achievements}
        loading="Loading your achievements..."
        error="We couldn't load your achievements."
      >
        {(list) => <AchievementsView achievements={list} />}
      </QueryView>
    </TabSection>
  );
}

function AchievementsView({ achievements }: { achievements: readonly Achievement[] }) {
  const upcoming = ACHIEVEMENTS.filter((definition) => !hasAchievement(achievements, definition.type));
  return (
    <>
      <Total>
        <TotalIcon>
          <Icon name="sparkles" />
        </TotalIcon>
        <div>
          <TotalValue>{totalAchievementPoints(achievements)}</TotalValue>
          <span>Total points from achievements</span>
        </div>
      </Total>

      <SubHeading>Earned</SubHeading>
      {achievements.length === 0 ? (
        <Empty role="status">No achievements yet. Keep pausing: your first one is closer than you think.</Empty>
      ) : (
        <BadgeList aria-label="Earned achievements">
          {achievements.map((achievement) => (
            <Badge key={achievement.id}>
              <BadgeIcon data-icon={iconFor(achievement.icon)}>
                <Icon name={iconFor(achievement.icon)} />
              </BadgeIcon>
              <div>
                <h4>{achievement.title}</h4>
                <p>{achievement.description}</p>
                <Meta>
                  <Points>+{achievement.points} points</Points>
                  <span>Earned on day {achievement.dayEarned}</span>
                </Meta>
              </div>
            </Badge>
          ))}
        </BadgeList>
      )}

      <SubHeading>Coming Up Next</SubHeading>
      {upcoming.length === 0 ? (
        <Empty role="status">You have earned every achievement there is so far. More are on the way.</Empty>
      ) : (
        <BadgeList aria-label="Achievements to earn next">
          {upcoming.map((definition) => (
            <Badge key={definition.type} $upcoming>
              <BadgeIcon $upcoming>
                <Icon name={iconFor(definition.icon)} />
              </BadgeIcon>
              <div>
                <h4>{definition.title}</h4>
                <p>{definition.goal}</p>
                <Meta>
                  <Points>+{definition.points} points</Points>
                </Meta>
              </div>
            </Badge>
          ))}
        </BadgeList>
      )}
    </>
  );
}

const Total = styled(Panel)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.brandSoft};
  span {
    color: ${({ theme }) => theme.colors.inkSoft};
    font-weight: 600;
  }
`;

const TotalIcon = styled.span`
  font-size: 2rem;
  color: ${({ theme }) => theme.colors.brandDark};
`;

const TotalValue = styled.strong`
  display: block;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  line-height: 1.1;
  color: ${({ theme }) => theme.colors.brandDark};
`;

const BadgeList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
`;

const Badge = styled.li<{ $upcoming?: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $upcoming }) => ($upcoming ? theme.colors.paper : theme.colors.surface)};
  border: 1px ${({ $upcoming }) => ($upcoming ? 'dashed' : 'solid')} ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme, $upcoming }) => ($upcoming ? 'none' : theme.shadows.card)};
  h4 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin: 0 0 ${({ theme }) => theme.space.xs};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const BadgeIcon = styled.span<{ $upcoming?: boolean }>`
  flex-shrink: 0;
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: 50%;
  font-size: 1.5rem;
  background: ${({ theme, $upcoming }) => ($upcoming ? theme.colors.sand : theme.colors.brandSoft)};
  color: ${({ theme, $upcoming }) => ($upcoming ? theme.colors.muted : theme.colors.brandDark)};
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Points = styled.span`
  font-weight: 700;
  color: #3d5224;
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;
