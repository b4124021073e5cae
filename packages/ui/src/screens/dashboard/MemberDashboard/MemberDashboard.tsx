/**
 * Screen 4: who is signed in, the header figures and the six tabs. Radix mounts only the open
 * tab, so each tab's read is made when the member first opens it, not all at once.
 */
import type { Member } from '@prr/contract';
import styled from 'styled-components';
import { Container, Tab, TabList, TabPanel, Tabs } from '../../../primitives';
import { media } from '../../../theme';
import { AccountBar, type SignOutIntent } from '../AccountBar';
import { DashboardOverview } from '../Overview';
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

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

export interface MemberDashboardProps {
  member: Member;
  /** The tab open at first; "Today's Reflection" unless a story or test says otherwise. */
  defaultTab?: DashboardTab;
  /** 'Sign out' and 'Not you? Use a different e-mail' (see AccountBar). */
  onSignOut?: (intent: SignOutIntent) => void;
  signingOut?: SignOutIntent | null;
}

export function MemberDashboard({ member, defaultTab = 'reflection', onSignOut, signingOut }: MemberDashboardProps) {
  return (
    <Wrapper>
      <Container>
        <AccountBar member={member} onSignOut={onSignOut} signingOut={signingOut} />
        <DashboardOverview member={member} />
        <Tabs defaultValue={defaultTab}>
          <ResponsiveTabList aria-label="Dashboard sections">
            {DASHBOARD_TABS.map(({ value, label }) => (
              <Tab key={value} value={value}>
                {label}
              </Tab>
            ))}
          </ResponsiveTabList>
          {DASHBOARD_TABS.map(({ value, Panel }) => (
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
