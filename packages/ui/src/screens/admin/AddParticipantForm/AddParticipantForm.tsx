/**
 * 'Add New Participant' (docs/product/screens.md#admin-dashboard): name, e-mail, state and zip code checked by
 * the contract's schema, each message under its field; the server's own field messages (e.g. an
 * unknown state) land under the fields too. On success the form clears and the hook refreshes the
 * members, the admin stats, the map and the movement stats.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ParticipantRequest } from '@prr/contract';
import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import styled from 'styled-components';
import { useAddParticipant } from '../../../api';
import { Button, Card, CardTitle, TextField, toast } from '../../../primitives';
import { fieldMessages } from '../adminErrors';
import { PARTICIPANT_FIELDS, ParticipantFields } from '../ParticipantFields';
import { useAdminFailure } from '../useSessionExpiry';

const FIELDS = [...PARTICIPANT_FIELDS, 'email'] as const;

export function AddParticipantForm() {
  const titleId = useId();
  const failed = useAdminFailure();
  const form = useForm({
    resolver: zodResolver(ParticipantRequest),
    defaultValues: { name: '', email: '', state: '', zipCode: '' },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;
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
          failed(error, {
            title: 'Error adding participant',
            fallback: 'Failed to add participant',
            also: () => {
              for (const [field, message] of fieldMessages(error, FIELDS)) setError(field, { type: 'server', message });
            },
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
      <FormProvider {...form}>
        <Form onSubmit={onSubmit} noValidate>
          <ParticipantFields
            afterName={
              <TextField
                label="Email"
                type="email"
                autoComplete="off"
                error={errors.email?.message}
                {...register('email')}
              />
            }
          />
          <Button type="submit" disabled={addParticipant.isPending}>
            {addParticipant.isPending ? 'Adding...' : 'Add Participant'}
          </Button>
        </Form>
      </FormProvider>
    </Card>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;
