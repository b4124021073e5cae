/**
 * A password input with a show/hide toggle. The toggle is a real button (keyboard and screen
 * reader operable) that says what it will do and reports its state with aria-pressed.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { TextField, type TextFieldProps } from '../../../primitives';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'adornment'> {
  /**
   * What the toggle shows or hides ('Show {toggleName}'), so that a form with several password
   * fields has toggles a screen reader can tell apart. 'password' unless given.
   */
  toggleName?: string;
}

export function PasswordField({ toggleName = 'password', ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      // Room for the toggle, so a long password never runs under it.
      style={{ paddingRight: '3rem', ...props.style }}
      type={visible ? 'text' : 'password'}
      adornment={
        <Toggle
          type="button"
          aria-pressed={visible}
          aria-label={`${visible ? 'Hide' : 'Show'} ${toggleName}`}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </Toggle>
      }
    />
  );
}

/** An eye; crossed out once the password shows, to say the next press hides it. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /> : null}
    </svg>
  );
}

const Toggle = styled.button`
  position: absolute;
  right: 0.35rem;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.inkSoft};
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.ink};
    background: ${({ theme }) => theme.colors.sand};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;
