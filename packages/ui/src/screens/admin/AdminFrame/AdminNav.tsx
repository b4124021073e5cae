/**
 * The links between the admin pages; the current one is marked for assistive technology
 * (aria-current). Stories shows how many wait for review (the pending list's own read, shared with
 * the Stories page).
 */
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { useAdminStories } from '../../../api';
import { paths } from '../../../config';
import { media } from '../../../theme';

const links = [
  { label: 'Dashboard', to: paths.admin },
  { label: 'Participants', to: paths.adminParticipants },
  { label: 'Stories', to: paths.adminStories },
  { label: 'Insights', to: paths.adminInsights },
  { label: 'Activity', to: paths.adminActivity },
] as const;

export function AdminNav() {
  const waiting = useAdminStories('pending').data?.length ?? 0;
  return (
    <Nav aria-label="Admin">
      <List>
        {links.map((link) => (
          <li key={link.to}>
            {/* `end`: /admin is not also current on /admin/participants. */}
            <Link to={link.to} end>
              {link.label}
              {link.to === paths.adminStories && waiting > 0 ? (
                // Named 'Stories 2 waiting for review'; the space is for that name (a flex box shows none).
                <>
                  {' '}
                  <span className="visually-hidden">{`${waiting} waiting for review`}</span>
                  <Badge aria-hidden>{waiting}</Badge>
                </>
              ) : null}
            </Link>
          </li>
        ))}
      </List>
    </Nav>
  );
}

const Nav = styled.nav`
  margin-bottom: ${({ theme }) => theme.space.xl};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${({ theme }) => theme.space.sm};
  ${media.sm} {
    gap: 0 ${({ theme }) => theme.space.md};
  }
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Link = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xs};
  margin-bottom: -1px;
  border-bottom: 3px solid transparent;
  color: ${({ theme }) => theme.colors.inkSoft};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.colors.ink};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.brandDark};
    border-bottom-color: ${({ theme }) => theme.colors.brand};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Badge = styled.span`
  min-width: 1.5rem;
  padding: 0 0.4rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.ink};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  line-height: 1.5rem;
  text-align: center;
`;
