/**
 * Settings' 'Sign out everywhere' (docs/product/screens.md#settings): after a confirmation, every
 * session and every e-mail key of the member ends, this browser's too
 * (docs/decisions/025-e-mail-key-flow.md), so whoever still holds one of their devices or an old
 * e-mail is out. This browser then forgets the member as after a sign-out: the dashboard shows the
 * e-mail entry.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { useSignOutEverywhere } from '../../../api/emailKey';
import { Button, Dialog, toast } from '../../../primitives';
import { media } from '../../../theme';
import { Panel, SubHeading } from '../TabSection';

export function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhere({
    onSuccess: () => {
      setConfirming(false);
      toast({
        title: 'Signed out everywhere',
        description: 'Every device is signed out, and the links in earlier e-mails no longer work.',
      });
    },
    onError: () => {
      setConfirming(false);
      toast({ title: 'Something went wrong', description: 'Please try again.', variant: 'destructive' });
    },
  });
  const pending = signOut.isPending;

  return (
    <Section aria-labelledby="your-devices-heading">
      <SubHeading id="your-devices-heading">Your devices</SubHeading>
      <Panel>
        <Row>
          <div>
            <h4>Sign out everywhere</h4>
            <p>Signs you out on this device and every other one, and stops every e-mail link already sent to you.</p>
          </div>
          <Button variant="secondary" disabled={pending} onClick={() => setConfirming(true)}>
            {pending ? 'Signing out...' : 'Sign out everywhere'}
          </Button>
        </Row>
      </Panel>
      <Dialog
        open={confirming}
        // While the request is on its way the dialog stays: its answer closes it.
        onOpenChange={(open) => setConfirming(open || pending)}
        title="Sign out everywhere?"
        description="This signs out this device and every other device you are signed in on, and makes every e-mail link already sent to you stop working."
      >
        <Body>To come back, enter your e-mail and we will send you a new code and link.</Body>
        <Buttons>
          {/* The safe choice first. */}
          <Button variant="ghost" disabled={pending} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={pending} onClick={() => signOut.mutate({})}>
            {pending ? 'Signing out...' : 'Yes, sign out everywhere'}
          </Button>
        </Buttons>
      </Dialog>
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 40rem;
`;

/** What it does, then its button: side by side from tablet width (as 'Your data'). */
const Row = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  h4 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin: 0 0 ${({ theme }) => theme.space.xs};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  > button {
    flex-shrink: 0;
  }
  ${media.md} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.lg};
  }
`;

const Body = styled.p`
  margin: ${({ theme }) => theme.space.md} 0 0;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;
