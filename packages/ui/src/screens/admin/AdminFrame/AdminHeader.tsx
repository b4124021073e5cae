/** The admin pages' header: the title, who is signed in, the page's own actions, Change Password, Recovery Codes and Logout. */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAdminLogout } from '../../../api';
import { paths } from '../../../config';
import { useAdminSession } from '../../../hooks/useAdminSession';
import { Button } from '../../../primitives';
import { ChangePasswordButton } from '../ChangePasswordDialog';
import { RecoveryCodesButton } from '../SecondFactor';

interface AdminHeaderProps {
  title: string;
  actions?: ReactNode;
}

export function AdminHeader({ title, actions }: AdminHeaderProps) {
  const { adminName } = useAdminSession();
  return (
    <Header>
      <div>
        <Title>{title}</Title>
        <Welcome>
          Signed in as <strong>{adminName}</strong>
        </Welcome>
      </div>
      <Actions>
        {actions}
        <ChangePasswordButton />
        <RecoveryCodesButton />
        <LogoutButton />
      </Actions>
    </Header>
  );
}

function LogoutButton() {
  const { signOut } = useAdminSession();
  const navigate = useNavigate();
  const logout = useAdminLogout();

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
    <Button variant="secondary" onClick={onLogout} disabled={logout.isPending}>
      Logout
    </Button>
  );
}

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  margin: 0;
`;

const Welcome = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
