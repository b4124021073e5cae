import styled, { css } from 'styled-components';
import { media } from '../../../theme';

export const Totals = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.md} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

export const Total = styled.li`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  text-align: center;
  background: linear-gradient(160deg, ${({ theme }) => theme.colors.oliveSoft}, ${({ theme }) => theme.colors.surface});
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

export const TotalIcon = styled.span`
  display: grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surface};
  color: #3d5224;
  font-size: 1.25rem;
`;

export const TotalValue = styled.span`
  display: flex;
  align-items: center;
  min-height: 2.5rem;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: 700;
  line-height: 1.1;
  color: ${({ theme }) => theme.colors.brandDark};
`;

export const TotalLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

export const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${media.lg} {
    grid-template-columns: 3fr 2fr;
    align-items: start;
  }
  > section {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

export const PanelTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin: 0;
`;

export const PanelLead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.inkSoft};
`;

export const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const Choice = styled.div<{ $chosen: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.paper};
  ${({ $chosen, theme }) =>
    $chosen &&
    css`
      border: 2px solid ${theme.colors.brand};
      background: ${theme.colors.brandSoft};
    `}
  button {
    white-space: normal;
    text-align: center;
  }
`;

export const ChoiceDetail = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
`;

export const ChoiceStatus = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.ink};
`;

export const Failure = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;
