/**
 * 'Recent Participants' (docs/product/screens.md#admin-dashboard): the newest 10 members (the
 * server sends only those, with the total), each with state, zip code, an Active/Inactive badge
 * and the join date, in a list that scrolls on its own; under it, the way to the full list.
 */
import { ADMIN_RECENT_MEMBERS, type AdminMember } from '@prr/contract';
import { useId } from 'react';
import styled from 'styled-components';
import { useAdminMembers } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../config';
import { ButtonLink, Card, CardTitle } from '../../../primitives';
import { formatCount } from '../../map/mapRules';
import { isUnauthorized } from '../adminErrors';
import { StatusBadge } from '../StatusBadge';

const joinDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatJoinDate(joinedAt: string): string {
  return joinDate.format(new Date(joinedAt));
}

export function RecentParticipants() {
  const titleId = useId();
  const members = useAdminMembers({ pageSize: ADMIN_RECENT_MEMBERS });
  const recent = members.data?.items ?? [];

  return (
    <Card as="section" aria-labelledby={titleId}>
      <Header>
        <CardTitle as="h2" id={titleId}>
          Recent Participants
        </CardTitle>
        {members.data && members.data.total > 0 ? (
          <Count>
            Showing {recent.length} of {formatCount(members.data.total)}
          </Count>
        ) : null}
      </Header>
      <QueryView
        query={members}
        loading="Loading participants..."
        // A 401 sends the admin to sign in again (the admin frame); nothing to say here.
        error={(error) => (isUnauthorized(error) ? null : "We couldn't load the participants.")}
        isEmpty={(page) => page.total === 0}
        empty="No participants yet. Add the first one above!"
      >
        {() => (
          // The list scrolls on its own, so it is focusable for keyboard users (WCAG 2.1.1).
          <List tabIndex={0} aria-labelledby={titleId}>
            {recent.map((member) => (
              <Participant key={member.id} member={member} />
            ))}
          </List>
        )}
      </QueryView>
      <Footer>
        <ButtonLink to={paths.adminParticipants} variant="secondary" size="sm">
          View all participants
        </ButtonLink>
      </Footer>
    </Card>
  );
}

function Participant({ member }: { member: AdminMember }) {
  return (
    <Item>
      <Main>
        <Name>{member.name}</Name>
        <Meta>
          {member.state || 'State unknown'} · {member.zipCode}
        </Meta>
      </Main>
      <Side>
        <StatusBadge isActive={member.isActive} />
        <Meta>
          Joined <time dateTime={member.joinedAt}>{formatJoinDate(member.joinedAt)}</time>
        </Meta>
      </Side>
    </Item>
  );
}

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space.md};
`;

const Count = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const List = styled.ul`
  max-height: 26rem;
  overflow-y: auto;
  margin: 0;
  padding: 0;
  list-style: none;
  border-radius: ${({ theme }) => theme.radii.md};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Item = styled.li`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xs};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child {
    border-bottom: 0;
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.xs};
  text-align: right;
  flex-shrink: 0;
`;

const Name = styled.span`
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Meta = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
`;
