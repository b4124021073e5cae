import styled from 'styled-components';
import { media } from '../../../../theme';

export const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.lg} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    align-items: start;
  }
`;

export const PromptColumn = styled.div`
  ${media.lg} {
    position: sticky;
    top: calc(${({ theme }) => theme.layout.navHeight} + ${({ theme }) => theme.space.md});
  }
`;

export const PromptPlaceholder = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

export const Group = styled.fieldset`
  margin: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

export const Legend = styled.legend`
  float: left;
  width: 100%;
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  & + * {
    clear: both;
  }
`;

export const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
`;

export const Counts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.sm};
  ${media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const TextBlock = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const Exercises = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-weight: 600;
  color: #3d5224;
`;

export const Scores = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const Submit = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** 'Saved today at 9:14 AM' above the prompt, and the other tabs offered. */
export const SavedToday = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  &:empty {
    display: none;
  }
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.oliveSoft};
  color: #3d5224;
  > svg {
    margin-top: 0.1rem;
  }
  p {
    margin: 0;
  }
`;

export const OtherTabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
`;

/** Whether the form holds unsaved changes: always in the page, so a screen reader hears it change. */
export const SaveStatus = styled.div`
  &:empty {
    display: none;
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

export const FormPlaceholder = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;
