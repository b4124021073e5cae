/** What a new member sees after joining: the first reflection is on its way, and the dashboard is open. */
import { useEffect, useRef } from 'react';
import { Icon } from '../../components/LevelsLadder';
import { paths } from '../../config';
import { ButtonLink } from '../../primitives';
import { firstNameOf } from '../dashboard/firstName';
import * as S from './ExperimentPage.styles';

export function ExperimentWelcome({ name }: { name: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form this replaces had focus; keep keyboard and screen-reader users in place.
    headingRef.current?.focus();
  }, []);

  return (
    <S.Welcome>
      <S.WelcomeIcon>
        <Icon name="olive" />
      </S.WelcomeIcon>
      <h2 ref={headingRef} tabIndex={-1}>
        Welcome to the Experiment, {firstNameOf(name)}!
      </h2>
      <p>
        Your first daily reflection arrives in your inbox <strong>within the hour</strong>. Take a moment with it today,
        then record how it went on your dashboard.
      </p>
      <S.NextSteps>
        <li>Look out for an e-mail from Pause. Reflect. Retry.</li>
        <li>Pause once today before you react, and notice what changes.</li>
        <li>Come back to your dashboard each day to reflect and track your progress.</li>
      </S.NextSteps>
      <ButtonLink to={paths.dashboard} size="lg">
        Go to your dashboard
      </ButtonLink>
    </S.Welcome>
  );
}
