/** The heading and one-line lead every dashboard tab opens with, and the cards they are made of. */
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { media } from '../../../theme';

export interface TabSectionProps {
  title: string;
  lead?: ReactNode;
  /** Beside the heading on wide screens, below it on narrow ones (e.g. a 'Record' button). */
  action?: ReactNode;
  children: ReactNode;
}

export function TabSection({ title, lead, action, children }: TabSectionProps) {
  return (
    <Wrapper>
      <Header>
        <div>
          <h2>{title}</h2>
          {lead ? <Lead>{lead}</Lead> : null}
        </div>
        {action}
      </Header>
      {children}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Header = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
  ${media.md} {
    flex-direction: row;
    align-items: flex-end;
    justify-content: space-between;
  }
`;

/** A tab's or a sub-section's lead sentence. */
export const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

/** A sub-section of a tab: its heading, lead and content, one under another. */
export const SubSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** Today's day in a grid of days (the History, the 90-day grid): ringed in olive. */
export const todayRing = css<{ $today: boolean }>`
  ${({ $today, theme }) =>
    $today
      ? css`
          box-shadow:
            0 0 0 2px ${theme.colors.surface},
            0 0 0 4px ${theme.colors.olive};
        `
      : ''}
`;

/** A titled sub-section of a tab (e.g. 'Coming Up Next'). */
export const SubHeading = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin: ${({ theme }) => theme.space.sm} 0 0;
`;

/** A plain surface card for tab content. */
export const Panel = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.lg};
`;
