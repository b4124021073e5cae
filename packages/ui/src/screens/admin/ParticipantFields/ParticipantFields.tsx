/**
 * The fields Add Participant and Edit participant share: Full Name, State (a name or a two-letter
 * code, suggested from the list) and Zip Code, each with its message from the contract's schema or
 * the server (docs/product/screens.md#admin-dashboard). Read from the form around them
 * (react-hook-form's FormProvider), whose values include ParticipantUpdate's.
 */
import { STATE_NAMES, type ParticipantUpdate } from '@prr/contract';
import { useId, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import styled from 'styled-components';
import { TextField } from '../../../primitives';
import { media } from '../../../theme';

/** The fields whose server messages (e.g. an unknown state) are shown under them. */
export const PARTICIPANT_FIELDS = ['name', 'state', 'zipCode'] as const satisfies readonly (keyof ParticipantUpdate)[];

interface ParticipantFieldsProps {
  /** Shown between the name and the state, e.g. Add's Email field. */
  afterName?: ReactNode;
}

export function ParticipantFields({ afterName }: ParticipantFieldsProps) {
  const statesListId = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<ParticipantUpdate>();

  return (
    <>
      <TextField label="Full Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      {afterName}
      <Row>
        <TextField
          label="State"
          list={statesListId}
          autoComplete="off"
          hint="Full name or two-letter code"
          error={errors.state?.message}
          {...register('state')}
        />
        <TextField
          label="Zip Code"
          inputMode="numeric"
          autoComplete="off"
          error={errors.zipCode?.message}
          {...register('zipCode')}
        />
      </Row>
      <datalist id={statesListId}>
        {STATE_NAMES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${media.sm} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;
