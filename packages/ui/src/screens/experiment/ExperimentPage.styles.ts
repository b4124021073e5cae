import styled from 'styled-components';
import { media } from '../../theme';

export const Hero = styled.section`
  padding: ${({ theme }) => theme.space['2xl']} 0 ${({ theme }) => theme.space.xl};
  text-align: center;
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.oliveSoft}, ${({ theme }) => theme.colors.paper});
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

export const Eyebrow = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  color: #3d5224;
`;

export const Lead = styled.p`
  max-width: 40rem;
  margin: 0 auto;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.inkSoft};
`;

export const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space['3xl']};
  ${media.lg} {
    grid-template-columns: 1fr 1.3fr;
    align-items: start;
  }
`;

export const Aside = styled.section`
  order: 2;
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  ${media.lg} {
    order: 0;
    padding-top: ${({ theme }) => theme.space.lg};
  }
`;

export const Promises = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  li {
    display: flex;
    gap: ${({ theme }) => theme.space.md};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

export const PromiseIcon = styled.span`
  flex-shrink: 0;
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: 1.3rem;
`;

export const FormCard = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  padding: ${({ theme }) => theme.space.lg};
  ${media.md} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

export const StepHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

export const StepCount = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandDark};
`;

export const StepDots = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

export const StepDot = styled.span<{ $done: boolean; $active: boolean }>`
  width: ${({ $active }) => ($active ? '2rem' : '0.75rem')};
  height: 0.75rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $done, $active }) => ($active ? theme.colors.brand : $done ? theme.colors.olive : theme.colors.border)};
  transition: width 200ms ease;
  ${media.reducedMotion} {
    transition: none;
  }
`;

export const StepTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  margin-bottom: ${({ theme }) => theme.space.lg};
  /* Focused by script on each step so screen readers announce it; it is not a control, so no ring. */
  &:focus,
  &:focus-visible {
    outline: none;
  }
`;

export const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-height: 11rem;
`;

export const Optional = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  cursor: pointer;
  input {
    width: 1.2rem;
    height: 1.2rem;
    accent-color: ${({ theme }) => theme.colors.brand};
    flex-shrink: 0;
  }
`;

/** Phones: the main action full width on top, Previous below it; wider screens: one row. */
export const Buttons = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};
  ${media.sm} {
    flex-direction: row;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
  }
`;

export const Welcome = styled.div`
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    margin: 0;
    &:focus,
    &:focus-visible {
      outline: none;
    }
  }
  p {
    margin: 0;
    max-width: 30rem;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

export const WelcomeIcon = styled.span`
  display: grid;
  place-items: center;
  width: 4.5rem;
  height: 4.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.oliveSoft};
  color: #3d5224;
  font-size: 2.25rem;
`;

export const NextSteps = styled.ol`
  text-align: left;
  margin: 0 0 ${({ theme }) => theme.space.sm};
  padding-left: 1.4rem;
  color: ${({ theme }) => theme.colors.inkSoft};
  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;
