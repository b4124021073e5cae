/**
 * /admin (docs/product/screens.md#admin-dashboard) inside the admin frame, which keeps signed-out
 * visitors and expired sessions out: the four cards, the Add New Participant form and the Recent
 * Participants list.
 */
import styled from 'styled-components';
import { media } from '../../../theme';
import { AddParticipantForm } from '../AddParticipantForm';
import { AdminFrame } from '../AdminFrame';
import { AdminStats } from '../AdminStats';
import { RecentParticipants } from '../RecentParticipants';

export function AdminDashboardPage() {
  return (
    <AdminFrame title="Admin Dashboard">
      <Stack>
        <AdminStats />
        <Columns>
          <AddParticipantForm />
          <RecentParticipants />
        </Columns>
      </Stack>
    </AdminFrame>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;
  ${media.lg} {
    grid-template-columns: 1fr 1fr;
  }
`;
