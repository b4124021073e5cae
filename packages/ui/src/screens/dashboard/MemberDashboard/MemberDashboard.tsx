/**
 * Screen 4: who is signed in, the header figures, the six tabs, then the invitations to spread the
 * practice. Today's reflection comes first: on a phone its prompt is on the first screen, after a
 * greeting and the four figures made compact (docs/decisions/033-one-request-dashboard.md); the
 * invite and story cards follow the tabs. Radix mounts only the open tab, so each tab's read is
 * made when the member first opens it, not all at once.
 *
 * A level the member has not been congratulated on yet is celebrated above everything
 * (LevelUpCelebration). From day 91 (`member.completed`) the first tab is the completion screen in
 * place of the daily form: the member lands on their totals and the choice after day 90, and the
 * other five tabs stay where they were, one click away, because their achievements, history,
 * level, ripple effects and settings are still theirs to look at and change.
 */
import type { Member } from '@prr/contract';
import { useEffect, useRef, useState } from 'react';
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
import { OpenTabContext } from './openTab';

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
  return (
    <Wrapper>
      <Container>
        <AccountBar member={member} onSignOut={onSignOut} signingOut={signingOut} />
        <LevelUpCelebration member={member} />
        <DashboardOverview member={member} />
        {/* Keyed by the row: a member whose 90 days end while the page is open gets the new first tab. */}
        <DashboardTabs key={member.completed ? 'completed' : 'daily'} member={member} defaultTab={defaultTab} />
        <EngageRow>
          <InviteCard />
          <ShareStoryCard member={member} />
        </EngageRow>
      </Container>
    </Wrapper>
  );
}

function DashboardTabs({ member, defaultTab }: { member: Member; defaultTab: DashboardTab }) {
  const tabs = member.completed ? COMPLETED_TABS : DASHBOARD_TABS;
  const [open, setOpen] = useState<DashboardTab>(() => firstTab(member.completed, defaultTab));
  const list = useRef<HTMLDivElement>(null);
  const openedFromInside = useRef(false);
  useEffect(() => {
    if (!openedFromInside.current) return;
    openedFromInside.current = false;
    // A tab opened by a button inside another: focus goes to its tab, as if the member had chosen it.
    list.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [open]);
  const openTab = (tab: DashboardTab) => {
    openedFromInside.current = true;
    setOpen(tab);
  };
  return (
    <OpenTabContext.Provider value={openTab}>
      <Tabs value={open} onValueChange={(value) => setOpen(value as DashboardTab)}>
        <ResponsiveTabList ref={list} aria-label="Dashboard sections">
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
    </OpenTabContext.Provider>
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
