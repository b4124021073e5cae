/**
 * The movement's history as an ordered list along a line: on wide screens the year sits in its
 * own column to the left of the line, on phones above each entry.
 */
import styled from 'styled-components';
import type { TimelineEntry } from '../../content';
import { media } from '../../theme';

export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <List>
      {entries.map((entry) => (
        <Item key={entry.title}>
          <When>{entry.when}</When>
          <Dot aria-hidden="true" />
          <Entry>
            <h3>{entry.title}</h3>
            <p>{entry.text}</p>
          </Entry>
        </Item>
      ))}
    </List>
  );
}

/** Where the line runs, from the list's left edge. */
const line = { mobile: '11px', wide: '9.5rem' };

const List = styled.ol`
  position: relative;
  list-style: none;
  margin: 0 auto;
  padding: 0;
  max-width: 52rem;
  &::before {
    content: '';
    position: absolute;
    top: 0.5rem;
    bottom: 0.5rem;
    left: ${line.mobile};
    width: 3px;
    border-radius: 2px;
    background: ${({ theme }) => theme.colors.border};
  }
  ${media.md} {
    &::before {
      left: ${line.wide};
    }
  }
`;

const Item = styled.li`
  position: relative;
  padding-left: 3rem;
  margin-bottom: ${({ theme }) => theme.space.lg};
  ${media.md} {
    display: grid;
    grid-template-columns: 8rem 1fr;
    column-gap: 3.5rem;
    align-items: start;
    padding-left: 0;
  }
`;

const When = styled.p`
  && {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-weight: 800;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.brandDark};
  }
  ${media.md} {
    && {
      margin: 0;
      padding-top: 1rem;
      text-align: right;
      font-family: ${({ theme }) => theme.fonts.heading};
      font-size: ${({ theme }) => theme.fontSizes['2xl']};
      letter-spacing: 0;
    }
  }
`;

const Dot = styled.span`
  position: absolute;
  top: 0.1rem;
  left: calc(${line.mobile} + 1.5px - 10.5px);
  width: 21px;
  height: 21px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.olive};
  border: 4px solid ${({ theme }) => theme.colors.paper};
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.olive};
  ${media.md} {
    top: 1.35rem;
    left: calc(${line.wide} + 1.5px - 10.5px);
  }
`;

const Entry = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;
