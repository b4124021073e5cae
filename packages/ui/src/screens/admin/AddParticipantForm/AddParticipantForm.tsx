/**
 * 'Add New Participant' (docs/product/screens.md#admin-dashboard): name, e-mail, state and zip code checked by
 * the contract's schema, each message under its field; the server's own field messages (e.g. an
 * unknown state) land under the fields too. On success the form clears and the hook refreshes the
 * members, the admin stats, the map and the movement stats.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ParticipantRequest, STATE_NAMES } from '@prr/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { useAddParticipant } from '../../../api';
import { Button, Card, CardTitle, TextField, toast } from '../../../primitives';
import { media } from '../../../theme';
import { fieldMessages, isUnauthorized, messageOr } from '../adminErrors';
import { useSessionExpiry } from '../useSessionExpiry';

const FIELDS = ['name', 'email', 'state', 'zipCode'] as const;

export function AddParticipantForm() {
  const titleId = useId();
  const statesListId = useId();
  const expire = useSessionExpiry();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ParticipantRequest),
    defaultValues: { name: '', email: '', state: '', zipCode: '' },
  });
  const addParticipant = useAddParticipant();

  const onSubmit = handleSubmit((body) => {
    addParticipant.mutate(
      { body },
      {
        onSuccess: () => {
          reset();
          toast({
            title: 'Participant added',
            description: 'New participant has been successfully added to the movement.',
          });
        },
        onError: (error) => {
          if (isUnauthorized(error)) return expire();
          for (const [field, message] of fieldMessages(error, FIELDS)) setError(field, { type: 'server', message });
          toast({
            title: 'Error adding participant',
            description: messageOr(error, 'Failed to add participant'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardTitle as="h2" id={titleId}>
        Add New Participant
      </CardTitle>
      <Form onSubmit={onSubmit} noValidate>
        <TextField label="Full Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
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
        <Button type="submit" disabled={addParticipant.isPending}>
          {addParticipant.isPending ? 'Adding...' : 'Add Participant'}
        </Button>
      </Form>
    </Card>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${media.sm} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;
