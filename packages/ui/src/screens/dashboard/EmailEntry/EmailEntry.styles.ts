import styled from 'styled-components';
import { media } from '../../../theme';

/** The dashboard's small screens (entry, loading, not found) sit centred on a soft band. */
export const CenteredScreen = styled.div`
  min-height: 60vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space['2xl']} ${({ theme }) => theme.space.md};
  background: radial-gradient(circle at top, ${({ theme }) => theme.colors.brandSoft}, ${({ theme }) => theme.colors.paper} 65%);
`;

export const ScreenCard = styled.div`
  width: 100%;
  max-width: 30rem;
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
    margin: 0;
    /* Focused by script to announce the outcome; it is not a control, so no ring. */
    &:focus,
    &:focus-visible {
      outline: none;
    }
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  ${media.md} {
    padding: ${({ theme }) => theme.space['2xl']};
  }
`;

export const ScreenIcon = styled.span`
  align-self: center;
  display: grid;
  place-items: center;
  width: 4rem;
  height: 4rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: 1.75rem;
`;

export const EntryForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  text-align: left;
`;

export const ScreenActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;
