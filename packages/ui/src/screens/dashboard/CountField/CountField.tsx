/**
 * A whole-number input for the dashboard's counts. Whatever is typed becomes a number within
 * bounds: a non-numeric value becomes the minimum (0 for counts, docs/product/rules.md#reflections).
 * While the field has focus it shows exactly what was typed, so clearing it to type a new number
 * does not snap to the minimum mid-edit ("13" when "3" was meant); on blur it shows the number.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Input, Label } from '../../../primitives';
import { toCount } from './toCount';

export interface CountFieldProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  hint?: string;
  name?: string;
}

export function CountField({ label, value, onChange, min = 0, max, hint, name }: CountFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <NumberInput
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={draft ?? String(value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          onChange(toCount(event.target.value, { min, max }));
        }}
        onBlur={() => setDraft(null)}
      />
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
    </Field>
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const NumberInput = styled(Input)`
  max-width: 9rem;
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;
