/**
 * Following an e-mail's key on a browser nobody is signed in on
 * (docs/product/screens.md#following-an-e-mail-link): one button, and only its press uses the key,
 * so a mail scanner that opens the link uses nothing up (docs/decisions/025-e-mail-key-flow.md).
 */
import { useEffect, useRef } from 'react';
import { Icon } from '../../../components/LevelsLadder';
import { Button } from '../../../primitives';
import { CenteredScreen, ScreenActions, ScreenCard, ScreenIcon } from '../EmailEntry';

export interface OpenDashboardProps {
  /** The key owner's first name. */
  firstName: string;
  onOpen: () => void;
  /** The key is being used: the button says so and waits. */
  pending?: boolean;
}

export function OpenDashboard({ firstName, onOpen, pending = false }: OpenDashboardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Replaces the loading screen: announce it by moving focus to its heading.
    headingRef.current?.focus();
  }, []);

  return (
    <CenteredScreen>
      <ScreenCard>
        <ScreenIcon>
          <Icon name="key" />
        </ScreenIcon>
        <h1 ref={headingRef} tabIndex={-1}>
          Hello, {firstName}
        </h1>
        <p>This link opens your dashboard on this device. It works once.</p>
        <ScreenActions>
          <Button disabled={pending} onClick={onOpen}>
            {pending ? 'Opening...' : 'Open my dashboard'}
          </Button>
        </ScreenActions>
      </ScreenCard>
    </CenteredScreen>
  );
}
