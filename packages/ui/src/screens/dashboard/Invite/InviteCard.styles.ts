import styled from 'styled-components';

export const Loading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

export const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

/** Ink text (or the danger colour for a refused copy) so it reads on the card; the tick carries the colour. */
export const Notice = styled.p<{ $ok: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  font-weight: 600;
  color: ${({ theme, $ok }) => ($ok ? theme.colors.ink : theme.colors.danger)};
`;

export const Tick = styled.span`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 800;
`;

export const Joined = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
  strong {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;
