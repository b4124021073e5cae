import styled from 'styled-components';
import { media } from '../../../theme';

/** The dashboard's small screens (entry, loading, not found) sit centred on a soft band. */
export const CenteredScreen = styled.div`
  min-height: 60vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space['2xl']} ${({ theme }) => theme.space.md};
  background: radial-gradient(
    circle at top,
    ${({ theme }) => theme.colors.brandSoft},
    ${({ theme }) => theme.colors.paper} 65%
  );
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
  /* The card's own text; a field's hint and error keep their styles. */
  > p {
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

/** A short message in a sign-in card: calm (e.g. signed out, a new code sent) or a problem. */
export const Notice = styled.div<{ $tone: 'calm' | 'problem' }>`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'problem' ? theme.colors.danger : theme.colors.success)};
  background: ${({ theme, $tone }) => ($tone === 'problem' ? theme.colors.dangerSoft : theme.colors.successSoft)};
  color: ${({ theme, $tone }) => ($tone === 'problem' ? theme.colors.danger : theme.colors.ink)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  text-align: left;
`;
