/** A participant's Active/Inactive badge, the same in Recent Participants and the full list. */
import styled from 'styled-components';

export function StatusBadge({ isActive }: { isActive: boolean }) {
  return <Badge $active={isActive}>{isActive ? 'Active' : 'Inactive'}</Badge>;
}

const Badge = styled.span<{ $active: boolean }>`
  display: inline-block;
  padding: 0.1rem 0.6rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  white-space: nowrap;
  /* Ink on the soft tints keeps small bold text above 4.5:1; the border carries the hue. */
  border: 1px solid ${({ theme, $active }) => ($active ? theme.colors.success : theme.colors.border)};
  background: ${({ theme, $active }) => ($active ? theme.colors.successSoft : theme.colors.sand)};
  color: ${({ theme, $active }) => ($active ? theme.colors.ink : theme.colors.inkSoft)};
`;
