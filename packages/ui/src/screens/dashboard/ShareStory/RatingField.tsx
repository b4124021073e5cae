/**
 * A rating from 1 to 5 as a group of native radio buttons drawn as stars: Tab reaches the group,
 * the arrow keys choose, and each star is named ('3 stars') for assistive technology.
 */
import { useId } from 'react';
import styled, { css } from 'styled-components';
import { ErrorText } from '../../../primitives';

export const RATINGS = [1, 2, 3, 4, 5] as const;

export const ratingLabel = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`;

export interface RatingFieldProps {
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  error?: string;
}

export function RatingField({ legend, value, onChange, error }: RatingFieldProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <Group aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <Legend>{legend}</Legend>
      <Stars>
        {RATINGS.map((rating) => (
          <Star key={rating} $lit={value !== null && rating <= value}>
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              aria-label={ratingLabel(rating)}
            />
            <span aria-hidden="true">{value !== null && rating <= value ? '★' : '☆'}</span>
          </Star>
        ))}
        <Chosen aria-hidden="true">{value === null ? 'Not rated yet' : ratingLabel(value)}</Chosen>
      </Stars>
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Group>
  );
}

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Stars = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const Star = styled.label<{ $lit: boolean }>`
  position: relative;
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  cursor: pointer;
  input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  span {
    font-size: 2rem;
    line-height: 1;
    color: ${({ theme }) => theme.colors.muted};
    ${({ $lit, theme }) =>
      $lit &&
      css`
        color: ${theme.colors.brand};
      `}
  }
  &:hover span {
    color: ${({ theme }) => theme.colors.brandDark};
  }
  input:focus-visible + span {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

const Chosen = styled.span`
  margin-left: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
`;
