import type { StoryStatus } from '@prr/contract';
import styled, { css } from 'styled-components';

export const Loading = styled.div`
  display: flex;
`;

export const StatusRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

export const Status = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.ink};
`;

export const StatusBadge = styled.span<{ $status: StoryStatus }>`
  display: inline-block;
  padding: 0.15rem 0.6rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  ${({ $status, theme }) =>
    ({
      pending: css`
        background: ${theme.colors.sand};
        color: ${theme.colors.ink};
      `,
      approved: css`
        background: ${theme.colors.oliveSoft};
        color: #3d5224;
      `,
      rejected: css`
        background: ${theme.colors.dangerSoft};
        color: ${theme.colors.danger};
      `,
    })[$status]}
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;

export const Counter = styled.p<{ $full: boolean }>`
  margin: 0;
  align-self: flex-end;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme, $full }) => ($full ? theme.colors.danger : theme.colors.muted)};
`;

export const Failure = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

export const Sent = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

export const Thanks = styled.p`
  && {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.success};
  }
  &:focus {
    outline: none;
  }
`;
