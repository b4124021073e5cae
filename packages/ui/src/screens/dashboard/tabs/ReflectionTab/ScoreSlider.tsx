/** A 1-10 slider with its visible label and current value (docs/product/rules.md#reflections: step 1, default 5). */
import { SCORE_MAX, SCORE_MIN } from '@prr/contract';
import styled from 'styled-components';
import { Slider } from '../../../../primitives';

export interface ScoreSliderProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** Words for the two ends, e.g. 'Heavy' and 'Light'. */
  low: string;
  high: string;
}

export function ScoreSlider({ label, value, onChange, low, high }: ScoreSliderProps) {
  return (
    <Wrapper>
      <Top>
        <span>{label}</span>
        <Value aria-hidden>
          {value}/{SCORE_MAX}
        </Value>
      </Top>
      <Slider
        label={label}
        value={value}
        onValueChange={onChange}
        min={SCORE_MIN}
        max={SCORE_MAX}
        step={1}
        valueText={`${value} out of ${SCORE_MAX}`}
      />
      <Ends aria-hidden>
        <span>{low}</span>
        <span>{high}</span>
      </Ends>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Value = styled.span`
  color: ${({ theme }) => theme.colors.brandDark};
`;

const Ends = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;
