/**
 * The experiment form's local state and its presence checks (docs/product/screens.md#experiment). Only
 * name, email and zipCode ever leave the browser; hopes and the two checkboxes stay local.
 */
import type { JoinRequest } from '@prr/contract';

export const EXPERIMENT_STEPS = 3;

export interface ExperimentFormState {
  name: string;
  email: string;
  zipCode: string;
  hopes: string;
  trackingId: boolean;
  updates: boolean;
}

export const INITIAL_EXPERIMENT_FORM: ExperimentFormState = {
  name: '',
  email: '',
  zipCode: '',
  hopes: '',
  trackingId: false,
  updates: true,
};

const filled = (value: string) => value.trim() !== '';

/** Step 1 may be left only with a name and an e-mail. */
export function canLeaveFirstStep(form: Pick<ExperimentFormState, 'name' | 'email'>): boolean {
  return filled(form.name) && filled(form.email);
}

/** Presence only: no format, length or zip-code pattern checks on the public forms. */
export function hasRequiredFields(form: Pick<ExperimentFormState, 'name' | 'email' | 'zipCode'>): boolean {
  return filled(form.name) && filled(form.email) && filled(form.zipCode);
}

/** The join payload: exactly the three fields the endpoint takes, trimmed. */
export function joinPayload(form: ExperimentFormState): JoinRequest {
  return { name: form.name.trim(), email: form.email.trim(), zipCode: form.zipCode.trim() };
}
