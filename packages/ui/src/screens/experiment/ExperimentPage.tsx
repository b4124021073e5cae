/**
 * /experiment: the three-step sign-up to the 90-day experiment, then a welcome screen that points
 * to the dashboard (docs/product/screens.md#experiment).
 */
import { useState } from 'react';
import { Icon, type IconName } from '../../components/LevelsLadder';
import { Container, Page } from '../../primitives';
import { ExperimentForm } from './ExperimentForm';
import { ExperimentWelcome } from './ExperimentWelcome';
import * as S from './ExperimentPage.styles';

const PROMISES: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'mail',
    title: 'A reflection every day',
    text: 'A short prompt in your inbox each morning, starting within the hour.',
  },
  {
    icon: 'pause',
    title: 'Pause. Reflect. Retry.',
    text: 'Notice the moment before you react, look at it honestly, and try again.',
  },
  {
    icon: 'chart',
    title: 'Your own dashboard',
    text: 'Record how each day went and watch your streaks, insights and level grow.',
  },
];

export function ExperimentPage() {
  const [joinedName, setJoinedName] = useState<string | null>(null);

  return (
    <Page>
      <S.Hero>
        <Container>
          <S.Eyebrow>The 90-Day Experiment</S.Eyebrow>
          <h1>Join the 90-Day Experiment</h1>
          <S.Lead>
            Ninety days of small pauses can change how your family, your team and your town talk to each other. It takes
            a minute to start and it is free.
          </S.Lead>
        </Container>
      </S.Hero>
      <Container>
        <S.Layout>
          <S.Aside aria-labelledby="experiment-promises">
            <h2 id="experiment-promises">What to expect</h2>
            <S.Promises>
              {PROMISES.map((promise) => (
                <li key={promise.title}>
                  <S.PromiseIcon>
                    <Icon name={promise.icon} />
                  </S.PromiseIcon>
                  <div>
                    <strong>{promise.title}</strong>
                    <p>{promise.text}</p>
                  </div>
                </li>
              ))}
            </S.Promises>
          </S.Aside>
          <S.FormCard>
            {joinedName === null ? (
              <ExperimentForm onJoined={setJoinedName} />
            ) : (
              <ExperimentWelcome name={joinedName} />
            )}
          </S.FormCard>
        </S.Layout>
      </Container>
    </Page>
  );
}
