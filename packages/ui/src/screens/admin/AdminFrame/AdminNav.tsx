/** The links between the admin pages; the current one is marked for assistive technology (aria-current). */
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../../config';

const links = [
  { label: 'Dashboard', to: paths.admin },
  { label: 'Participants', to: paths.adminParticipants },
] as const;

export function AdminNav() {
  return (
    <Nav aria-label="Admin">
      <List>
        {links.map((link) => (
          <li key={link.to}>
            {/* `end`: /admin is not also current on /admin/participants. */}
            <Link to={link.to} end>
              {link.label}
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
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Link = styled(NavLink)`
  display: inline-block;
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
