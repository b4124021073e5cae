/** /music: 'Music of the Movement', with the theme-song player, its lyrics and Share. */
import styled from 'styled-components';
import { Lyrics, ThemeSongPlayer } from '../../components/AudioPlayer';
import { Island } from '../../islands/Island';
import { ShareButton } from '../../components/ShareButton';
import { THEME_SONG } from '../../content';
import { paths } from '../../config';
import { Card, CardTitle, Container, Grid, Section, SectionLead, SectionTitle } from '../../primitives';

const WAYS_TO_SING = [
  {
    title: 'At home',
    text: 'Play it in the car on the way to a family gathering. Kids learn the chorus fast, and it is hard to stay cross while you are singing.',
  },
  {
    title: 'With your team',
    text: 'Open a tense meeting with the chorus, or simply with the three words. A shared pause changes the whole room.',
  },
  {
    title: 'In your community',
    text: 'Choirs, classrooms and congregations are welcome to perform it. Tell us where you sang it and we will share your story.',
  },
] as const;

export function MusicPage() {
  return (
    <>
      <Section $tone="sand">
        <Container>
          <SectionTitle as="h1">Music of the Movement</SectionTitle>
          <SectionLead>
            Some things are easier to sing than to say. Our theme song carries Pause. Reflect. Retry. into kitchens,
            classrooms and car rides.
          </SectionLead>
        </Container>
      </Section>

      <Section aria-labelledby="music-theme-song">
        <Container>
          <Narrow>
            <h2 id="music-theme-song">Our Theme Song</h2>
            <p>
              “{THEME_SONG.title}” is about the moment just before we react, and the courage it takes to choose a
              different ending. Press play, and when the chorus comes round, sing along.
            </p>
            <Island component={ThemeSongPlayer} load="intent" />
            <ShareRow>
              <p>Know someone who needs this song today?</p>
              <Island
                component={ShareButton}
                load="intent"
                props={{
                  title: 'Music of the Movement',
                  text: `Listen to “${THEME_SONG.title}”, the theme song of Pause. Reflect. Retry.`,
                  path: paths.music,
                  copiedMessage: 'Music page link copied to clipboard!',
                  feedback: 'alert',
                }}
              />
            </ShareRow>
          </Narrow>
        </Container>
      </Section>

      <Section aria-labelledby="music-lyrics" $tone="surface">
        <Container>
          <SectionTitle id="music-lyrics">Lyrics</SectionTitle>
          <SectionLead>
            “{THEME_SONG.title}”, by {THEME_SONG.artist}
          </SectionLead>
          <Narrow>
            <Lyrics sections={THEME_SONG.lyrics} columns />
          </Narrow>
        </Container>
      </Section>

      <Section aria-labelledby="music-sing">
        <Container>
          <SectionTitle id="music-sing">Sing It Together</SectionTitle>
          <SectionLead>The song is free to share, sing and perform wherever people need a better way.</SectionLead>
          <Grid $min="240px">
            {WAYS_TO_SING.map((way) => (
              <Card key={way.title}>
                <CardTitle>{way.title}</CardTitle>
                <p>{way.text}</p>
              </Card>
            ))}
          </Grid>
        </Container>
      </Section>
    </>
  );
}

const Narrow = styled.div`
  max-width: 48rem;
  margin: 0 auto;
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
`;

const ShareRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;
