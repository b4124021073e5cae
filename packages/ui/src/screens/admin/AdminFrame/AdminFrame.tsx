/**
 * The admin area's frame (docs/product/screens.md#admin-dashboard): without the browser's admin
 * flag it sends the visitor to /admin/login before the page mounts, so none of its reads is issued
 * (docs/decisions/002-admin-session-server-side.md). Otherwise the header (the page's title,
 * 'Signed in as {name}', any extra actions and Logout), the nav between the admin pages, and the
 * page; an admin read the server refuses with 401 ends the session in the browser too.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../../config';
import { useAdminSession } from '../../../hooks/useAdminSession';
import { Container, Page, Section } from '../../../primitives';
import { AdminHeader } from './AdminHeader';
import { AdminNav } from './AdminNav';
import { useExpireOnUnauthorizedRead } from './useExpireOnUnauthorizedRead';

export interface AdminFrameProps {
  /** The page's heading (h1). */
  title: string;
  /** Buttons shown before Logout, e.g. 'Change password'. */
  actions?: ReactNode;
  children: ReactNode;
}

export function AdminFrame(props: AdminFrameProps) {
  const { isAdmin } = useAdminSession();
  if (!isAdmin) return <Navigate to={paths.adminLogin} replace />;
  return <SignedInFrame {...props} />;
}

function SignedInFrame({ title, actions, children }: AdminFrameProps) {
  useExpireOnUnauthorizedRead();
  return (
    <Page>
      <Section>
        <Container>
          <AdminHeader title={title} actions={actions} />
          <AdminNav />
          {children}
        </Container>
      </Section>
    </Page>
  );
}
