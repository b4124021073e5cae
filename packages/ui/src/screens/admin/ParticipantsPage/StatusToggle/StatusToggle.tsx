/**
 * Deactivate or Reactivate one participant (docs/product/rules.md#admin-participants: an inactive
 * member keeps their data but gets no reminders and is not counted by Update Map). The button names
 * the person (after the visible word, WCAG 2.5.3), so a screen reader's list of buttons tells the rows apart.
 */
import type { AdminMember } from '@prr/contract';
import { useSetParticipantStatus } from '../../../../api';
import styled from 'styled-components';
import { Button, toast } from '../../../../primitives';
import { useAdminFailure } from '../../useSessionExpiry';

export function StatusToggle({ member }: { member: AdminMember }) {
  const failed = useAdminFailure();
  const setStatus = useSetParticipantStatus({
    onSuccess: (updated) => {
      toast(
        updated.isActive
          ? { title: 'Participant reactivated', description: `${updated.name} is active again.` }
          : {
              title: 'Participant deactivated',
              description: `${updated.name} gets no more reminders and is left out of the map's counts.`,
            },
      );
    },
    onError: (error) => {
      failed(error, { title: 'Error changing status', fallback: "Failed to change the participant's status" });
    },
  });

  const action = member.isActive
    ? setStatus.isPending
      ? 'Deactivating...'
      : 'Deactivate'
    : setStatus.isPending
      ? 'Reactivating...'
      : 'Reactivate';
  return (
    <Toggle
      variant="secondary"
      size="sm"
      aria-label={`${action} ${member.name}`}
      disabled={setStatus.isPending}
      onClick={() => setStatus.mutate({ params: { id: member.id }, body: { isActive: !member.isActive } })}
    >
      {action}
    </Toggle>
  );
}

/** As wide for either word, so the Delete buttons beside it line up down the table. */
const Toggle = styled(Button)`
  min-width: 7.5rem;
`;
