/**
 * /admin (docs/product/screens.md#admin-dashboard): without the browser's admin flag it sends the
 * visitor to /admin/login; so does any admin read the server refuses with 401 (the session cookie
 * expired), after clearing the flag. Otherwise: the header with the admin's name and Logout, the
 * four cards, the Add New Participant form and the Recent Participants list.
 */
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAdminLogout, useAdminMembers, useAdminStats } from '../../../api';
import { paths } from '../../../config';
import { useAdminSession } from '../../../hooks/useAdminSession';
import { Button, Container, Page, Section } from '../../../primitives';
import { media } from '../../../theme';
import { AddParticipantForm } from '../AddParticipantForm';
import { isUnauthorized } from '../adminErrors';
import { AdminStats } from '../AdminStats';
import { RecentParticipants } from '../RecentParticipants';
import { useSessionExpiry } from '../useSessionExpiry';

export function AdminDashboardPage() {
  const { isAdmin } = useAdminSession();
  // The reads are only issued once the flag is known, so a signed-out visitor never calls them.
  if (!isAdmin) return <Navigate to={paths.adminLogin} replace />;
  return <AdminDashboard />;
}

function AdminDashboard() {
  const { adminName, signOut } = useAdminSession();
  const navigate = useNavigate();
  const expire = useSessionExpiry();
  const stats = useAdminStats();
  const members = useAdminMembers();
  const logout = useAdminLogout();

  const sessionExpired = isUnauthorized(stats.error) || isUnauthorized(members.error);
  useEffect(() => {
    if (sessionExpired) expire();
  }, [sessionExpired, expire]);

  const onLogout = () => {
    // docs/product/screens.md#admin-dashboard: the flag and name go whatever the server answers; the cookie is the server's business.
    logout.mutate(
      {},
      {
        onSettled: () => {
          signOut();
          navigate(paths.adminLogin, { replace: true });
        },
      },
    );
  };

  return (
    <Page>
      <Section>
        <Container>
          <Header>
            <div>
              <Title>Admin Dashboard</Title>
              <Welcome>
                Signed in as <strong>{adminName}</strong>
              </Welcome>
            </div>
            <Button variant="secondary" onClick={onLogout} disabled={logout.isPending}>
              Logout
            </Button>
          </Header>
          <Stack>
            <AdminStats />
            <Columns>
              <AddParticipantForm />
              <RecentParticipants />
            </Columns>
          </Stack>
        </Container>
      </Section>
    </Page>
  );
}

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  margin: 0;
`;

const Welcome = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

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
