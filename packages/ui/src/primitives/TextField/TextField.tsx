/**
 * A labelled input with its own error line, wired for react-hook-form (`{...register('x')}`)
 * and for plain controlled use. The error is announced and tied to the input.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Rendered after the input inside the same box, e.g. a show/hide toggle. */
  adornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, adornment, id, ref, ...inputProps }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
      <InputRow>
        <Input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          $invalid={Boolean(error)}
          {...inputProps}
        />
        {adornment}
      </InputRow>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Field>
  );
}

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const Label = styled.label`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const InputRow = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  width: 100%;
  padding: 0.65rem 0.85rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1.5px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

export const TextArea = styled.textarea`
  width: 100%;
  min-height: 6rem;
  padding: 0.65rem 0.85rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1.5px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  resize: vertical;
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const ErrorText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
`;
