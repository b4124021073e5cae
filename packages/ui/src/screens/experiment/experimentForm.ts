/**
 * The experiment form's local state and its checks (docs/product/screens.md#experiment). Only name,
 * email and zipCode (with the join context: time zone, invite code) ever leave the browser; hopes and
 * the two checkboxes stay local.
 */
import { EmailAddress, type JoinRequest } from '@prr/contract';
import type { JoinContext } from '../../api/joinContext';

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

/** The fields the server checks, in the form's order, and the step each is on. */
export const JOIN_FIELD_STEPS = { name: 1, email: 1, zipCode: 2 } as const satisfies Record<
  keyof Pick<JoinRequest, 'name' | 'email' | 'zipCode'>,
  number
>;
export type JoinField = keyof typeof JOIN_FIELD_STEPS;
export const JOIN_FIELDS = Object.keys(JOIN_FIELD_STEPS) as JoinField[];

const filled = (value: string) => value.trim() !== '';

/** Step 1 may be left only with a name and an e-mail. */
export function canLeaveFirstStep(form: Pick<ExperimentFormState, 'name' | 'email'>): boolean {
  return filled(form.name) && filled(form.email);
}

/**
 * What is wrong with the e-mail's format, by the server's own rule (the contract's EmailAddress), so
 * step 1 catches a typo before the last step does; undefined when the server would take it.
 */
export function emailProblem(email: string): string | undefined {
  const result = EmailAddress.safeParse(email);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Presence only at the last step: the server checks the rest and names the field. */
export function hasRequiredFields(form: Pick<ExperimentFormState, 'name' | 'email' | 'zipCode'>): boolean {
  return filled(form.name) && filled(form.email) && filled(form.zipCode);
}

/** The join payload: the three fields the visitor typed, trimmed, and the join context. */
export function joinPayload(form: ExperimentFormState, context: JoinContext = {}): JoinRequest {
  return { name: form.name.trim(), email: form.email.trim(), zipCode: form.zipCode.trim(), ...context };
}
