import { m } from 'framer-motion';
import styled from 'styled-components';
import { media } from '../../../theme';

export const Celebration = styled(m.section)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid ${({ theme }) => theme.colors.brand};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.brandSoft}, ${({ theme }) => theme.colors.paper});
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

/** The badge is decoration: on a phone the words get its width. */
export const Top = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: start;
  gap: ${({ theme }) => theme.space.md};
  ${media.md} {
    grid-template-columns: auto 1fr auto;
  }
`;

export const Badge = styled.span`
  display: none;
  ${media.md} {
    display: grid;
    place-items: center;
    width: 3.5rem;
    height: 3.5rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.surface};
    border: 2px solid ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.brandDark};
    font-size: 1.6rem;
  }
  > span {
    display: grid;
  }
`;

export const Intro = styled.div`
  min-width: 0;
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    margin: 0 0 ${({ theme }) => theme.space.xs};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

export const Eyebrow = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.brandDark};
`;

export const Dismiss = styled.button`
  width: 2.5rem;
  height: 2.5rem;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: 1.75rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** The ladder's card is a list item: a list of one, without the ladder's rail. */
export const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;
