/** Screen 3 of the dashboard: every failed lookup lands here (docs/product/screens.md#signing-in). */
import { useEffect, useRef } from 'react';
import { Icon } from '../../../components/LevelsLadder';
import { paths } from '../../../config';
import { Button, ButtonLink } from '../../../primitives';
import { CenteredScreen, ScreenActions, ScreenCard, ScreenIcon } from '../EmailEntry';

export interface MemberNotFoundProps {
  onTryDifferentEmail: () => void;
}

export function MemberNotFound({ onTryDifferentEmail }: MemberNotFoundProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The entry form that had focus is gone; announce the outcome by moving focus to it.
    headingRef.current?.focus();
  }, []);

  return (
    <CenteredScreen>
      <ScreenCard>
        <ScreenIcon>
          <Icon name="search" />
        </ScreenIcon>
        <h1 ref={headingRef} tabIndex={-1}>
          Member Not Found
        </h1>
        <p>
          We couldn&apos;t find a member with this email address. Make sure you&apos;ve joined the 90-Day Experiment
          first.
        </p>
        <ScreenActions>
          <Button variant="secondary" onClick={onTryDifferentEmail}>
            Try Different Email
          </Button>
          <ButtonLink to={paths.experiment}>Join Experiment</ButtonLink>
        </ScreenActions>
      </ScreenCard>
    </CenteredScreen>
  );
}
