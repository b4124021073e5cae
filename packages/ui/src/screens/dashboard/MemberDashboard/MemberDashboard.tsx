/**
 * Screen 4: who is signed in, the header figures, the invitations to spread the practice and the
 * six tabs. Radix mounts only the open tab, so each tab's read is made when the member first
 * opens it, not all at once.
 *
 * A level the member has not been congratulated on yet is celebrated above everything
 * (LevelUpCelebration). From day 91 (`member.completed`) the first tab is the completion screen in
 * place of the daily form: the member lands on their totals and the choice after day 90, and the
 * other five tabs stay where they were, one click away, because their achievements, history,
 * level, ripple effects and settings are still theirs to look at and change.
 */
import type { Member } from '@prr/contract';
import styled from 'styled-components';
import { Container, Tab, TabList, TabPanel, Tabs } from '../../../primitives';
import { media } from '../../../theme';
import { AccountBar, type SignOutIntent } from '../AccountBar';
import { CompletionScreen } from '../Completion';
import { EngageRow } from '../EngageCard';
import { InviteCard } from '../Invite';
import { LevelUpCelebration } from '../LevelUp';
import { DashboardOverview } from '../Overview';
import { ShareStoryCard } from '../ShareStory';
import { AchievementsTab } from '../tabs/AchievementsTab';
import { LevelsTab } from '../tabs/LevelsTab';
import { ProgressTab } from '../tabs/ProgressTab';
import { ReflectionTab } from '../tabs/ReflectionTab';
import { RippleEffectsTab } from '../tabs/RippleEffectsTab';
import { SettingsTab } from '../tabs/SettingsTab';

export const DASHBOARD_TABS = [
  { value: 'reflection', label: "Today's Reflection", Panel: ReflectionTab },
  { value: 'achievements', label: 'Achievements', Panel: AchievementsTab },
  { value: 'progress', label: 'Progress Tracking', Panel: ProgressTab },
  { value: 'levels', label: 'Peacemaker Levels', Panel: LevelsTab },
  { value: 'ripple-effects', label: 'Ripple Effects', Panel: RippleEffectsTab },
  { value: 'settings', label: 'Settings', Panel: SettingsTab },
] as const;

/** After day 90: the completion screen takes the daily form's place, first in the row. */
export const COMPLETED_TABS = [
  { value: 'completion', label: 'Your 90 Days', Panel: CompletionScreen },
  ...DASHBOARD_TABS.slice(1),
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'] | (typeof COMPLETED_TABS)[number]['value'];

/** The tab to open at first: the first one of the member's row when the asked-for one is not in it. */
function firstTab(completed: boolean, asked: DashboardTab): DashboardTab {
  if (completed) return asked === 'reflection' ? 'completion' : asked;
  return asked === 'completion' ? 'reflection' : asked;
}

export interface MemberDashboardProps {
  member: Member;
  /**
   * The tab open at first; "Today's Reflection" (after day 90, 'Your 90 Days') unless a story or test
   * says otherwise.
   */
  defaultTab?: DashboardTab;
  /** 'Sign out' and 'Not you? Use a different e-mail' (see AccountBar). */
  onSignOut?: (intent: SignOutIntent) => void;
  signingOut?: SignOutIntent | null;
}

export function MemberDashboard({ member, defaultTab = 'reflection', onSignOut, signingOut }: MemberDashboardProps) {
  const tabs = member.completed ? COMPLETED_TABS : DASHBOARD_TABS;
  return (
    <Wrapper>
      <Container>
        <AccountBar member={member} onSignOut={onSignOut} signingOut={signingOut} />
        <LevelUpCelebration member={member} />
        <DashboardOverview member={member} />
        <EngageRow>
          <InviteCard />
          <ShareStoryCard member={member} />
        </EngageRow>
        {/* Keyed by the row: a member whose 90 days end while the page is open gets the new first tab. */}
        <Tabs key={member.completed ? 'completed' : 'daily'} defaultValue={firstTab(member.completed, defaultTab)}>
          <ResponsiveTabList aria-label="Dashboard sections">
            {tabs.map(({ value, label }) => (
              <Tab key={value} value={value}>
                {label}
              </Tab>
            ))}
          </ResponsiveTabList>
          {tabs.map(({ value, Panel }) => (
            <TabPanel key={value} value={value}>
              <Panel member={member} />
            </TabPanel>
          ))}
        </Tabs>
      </Container>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  padding-bottom: ${({ theme }) => theme.space['3xl']};
`;

/**
 * Six tabs do not fit a phone's width: there they sit in a two-column grid, every one visible
 * (a sideways-scrolling row would hide four of them); from tablet width up, one row.
 */
const ResponsiveTabList = styled(TabList)`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0;
  button {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xs};
  }
  ${media.md} {
    display: flex;
    button {
      font-size: ${({ theme }) => theme.fontSizes.md};
      padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    }
  }
`;
