/**
 * A step's heading, focused when the step appears, so keyboard and screen-reader users start at
 * the new step rather than at the button that led to it.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Heading ref={ref} tabIndex={-1}>
      {children}
    </Heading>
  );
}

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  margin: 0 0 ${({ theme }) => theme.space.xs};
  text-align: center;
  &:focus {
    outline: none;
  }
`;

export const StepText = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  text-align: center;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

export const StepForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** The other ways, under the step's own. */
export const OtherWays = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.lg};
`;

/** A message about the step as a whole (not one field), announced when it appears. */
export const StepError = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
`;
