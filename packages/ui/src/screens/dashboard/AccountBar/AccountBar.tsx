/**
 * Who is signed in, above the dashboard: on a shared device the member can see it is their own,
 * and leave: 'Sign out', or 'Not you? Use a different e-mail' for the next person. Both end the
 * session on the server (the page does that, see DashboardPage) and return to the e-mail entry.
 */
import type { Member } from '@prr/contract';
import styled from 'styled-components';
import { Button } from '../../../primitives';
import { media } from '../../../theme';

/** Why the member is leaving: decides how the e-mail entry greets whoever comes next. */
export type SignOutIntent = 'signOut' | 'differentEmail';

export interface AccountBarProps {
  member: Pick<Member, 'name' | 'email'>;
  /** Ends the session. Without it the bar only says who is signed in. */
  onSignOut?: (intent: SignOutIntent) => void;
  /** The sign-out on its way: both buttons wait, the one pressed says so. */
  signingOut?: SignOutIntent | null;
}

export function AccountBar({ member, onSignOut, signingOut = null }: AccountBarProps) {
  const busy = signingOut !== null;
  return (
    <Bar aria-label="Your account">
      <Who>
        Signed in as <strong>{member.name}</strong> <Address>({member.email})</Address>
      </Who>
      {onSignOut ? (
        <Actions>
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => onSignOut('differentEmail')}>
            {signingOut === 'differentEmail' ? 'Signing out...' : 'Not you? Use a different e-mail'}
          </Button>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => onSignOut('signOut')}>
            {signingOut === 'signOut' ? 'Signing out...' : 'Sign out'}
          </Button>
        </Actions>
      ) : null}
    </Bar>
  );
}

const Bar = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${media.md} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
  }
`;

const Who = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
  strong {
    color: ${({ theme }) => theme.colors.ink};
  }
`;

/** A long address breaks rather than pushing the page sideways on a phone. */
const Address = styled.span`
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
