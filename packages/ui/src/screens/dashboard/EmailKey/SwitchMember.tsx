/**
 * Following another member's e-mail key on a browser someone is signed in on
 * (docs/product/screens.md#following-an-e-mail-link): the page asks first, so nobody's writing
 * lands in someone else's journal by surprise (docs/decisions/025-e-mail-key-flow.md).
 */
import { useEffect, useRef } from 'react';
import { Icon } from '../../../components/LevelsLadder';
import { Button } from '../../../primitives';
import { CenteredScreen, ScreenActions, ScreenCard, ScreenIcon } from '../EmailEntry';

export interface SwitchMemberProps {
  /** The first name of whoever is signed in on this browser. */
  signedInAs: string;
  /** The first name of the key's owner. */
  keyOwner: string;
  /** Uses the key: the key's owner is signed in instead. */
  onContinue: () => void;
  /** Drops the key: the signed-in member's dashboard opens. */
  onStay: () => void;
  /** The key is being used: both buttons wait. */
  pending?: boolean;
}

export function SwitchMember({ signedInAs, keyOwner, onContinue, onStay, pending = false }: SwitchMemberProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <CenteredScreen>
      <ScreenCard>
        <ScreenIcon>
          <Icon name="people" />
        </ScreenIcon>
        <h1 ref={headingRef} tabIndex={-1}>
          You are signed in as {signedInAs}. Continue as {keyOwner}?
        </h1>
        <p>
          This link opens {keyOwner}&apos;s dashboard. Continuing signs {signedInAs} out on this device.
        </p>
        <ScreenActions>
          <Button disabled={pending} onClick={onContinue}>
            {pending ? 'Switching...' : `Continue as ${keyOwner}`}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={onStay}>
            Stay as {signedInAs}
          </Button>
        </ScreenActions>
      </ScreenCard>
    </CenteredScreen>
  );
}
