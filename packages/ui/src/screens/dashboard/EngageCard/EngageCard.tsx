/**
 * The frame of the dashboard's two invitations to spread the practice, 'Invite a friend' and
 * 'Share your story': a titled card with a short lead, side by side on wide screens.
 */
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../../../theme';
import { Panel } from '../TabSection';

export interface EngageCardProps {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}

export function EngageCard({ title, lead, children }: EngageCardProps) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId}>
      <Title id={titleId}>{title}</Title>
      <Lead>{lead}</Lead>
      {children}
    </Card>
  );
}

/** The row the cards sit in: one column on phones, two from tablet width. */
/** After the tabs: the day's reflection comes first (docs/decisions/033-one-request-dashboard.md). */
export const EngageRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space['2xl']};
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: stretch;
  }
`;

const Card = styled(Panel)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin: 0;
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.inkSoft};
`;
