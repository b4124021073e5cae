/**
 * What the dashboard does with an e-mail's key, in the client app and on the signed-out page alike:
 * the key being followed (useEmailKey), and how the e-mail entry greets the visitor once the page is
 * done with it: with the server's words when the link no longer works.
 */
import { useCallback, useState } from 'react';
import { useEmailKey } from '../EmailKey';
import type { SignInFlowProps } from '../SignInFlow';

/** How the e-mail entry greets whoever comes next: after a sign-out, or a link that failed. */
export type Arrival = Pick<SignInFlowProps, 'error' | 'notice' | 'focusOnArrival'>;
export const NO_ARRIVAL: Arrival = {};

export function useKeyArrival() {
  const { key, drop } = useEmailKey();
  const [arrival, setArrival] = useState<Arrival>(NO_ARRIVAL);
  const keyDone = useCallback(
    (expired?: string) => {
      if (expired !== undefined) setArrival({ error: expired, focusOnArrival: 'heading' });
      drop();
    },
    [drop],
  );
  return { emailKey: key, keyDone, arrival, setArrival };
}
