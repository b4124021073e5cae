/** A song's lyrics, section by section; used in the player's modal and on the music page. */
import styled from 'styled-components';
import type { LyricsSection } from '../../content';

export interface LyricsProps {
  sections: readonly LyricsSection[];
  /** Two columns on wide screens, for the music page. */
  columns?: boolean;
}

export function Lyrics({ sections, columns = false }: LyricsProps) {
  return (
    <Sections $columns={columns}>
      {sections.map((section, index) => (
        <Verse key={`${section.label}-${index}`}>
          <VerseLabel>{section.label}</VerseLabel>
          <p>
            {section.lines.map((line, lineIndex) => (
              <Line key={lineIndex}>{line}</Line>
            ))}
          </p>
        </Verse>
      ))}
    </Sections>
  );
}

const Sections = styled.div<{ $columns: boolean }>`
  columns: ${({ $columns }) => ($columns ? '2 20rem' : 'auto')};
  column-gap: ${({ theme }) => theme.space['2xl']};
`;

const Verse = styled.div`
  break-inside: avoid;
  margin-bottom: ${({ theme }) => theme.space.lg};
  p {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    line-height: 1.7;
  }
`;

const VerseLabel = styled.h3`
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.brandDark};
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

const Line = styled.span`
  display: block;
`;
