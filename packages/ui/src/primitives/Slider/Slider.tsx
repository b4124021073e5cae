/**
 * Radix Slider: rounds to its step, clamps to min/max and handles arrows, Home/End and
 * Page Up/Down (multiples of 10 steps) for keyboard users (docs/product/screens.md#audio-player).
 */
import * as RadixSlider from '@radix-ui/react-slider';
import styled from 'styled-components';

export interface SliderProps {
  /** Accessible name of the thumb. */
  label: string;
  value: number;
  onValueChange: (value: number) => void;
  /** Called when a drag or key press ends (e.g. to seek audio once). */
  onValueCommit?: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  /** Read out instead of the bare number, e.g. "1:05 of 3:20". */
  valueText?: string;
  id?: string;
  className?: string;
}

export function Slider({
  label,
  value,
  onValueChange,
  onValueCommit,
  min = 0,
  max = 100,
  step = 1,
  disabled,
  valueText,
  id,
  className,
}: SliderProps) {
  return (
    <Root
      className={className}
      id={id}
      value={[value]}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      onValueChange={([next]) => {
        if (next !== undefined) onValueChange(next);
      }}
      onValueCommit={([next]) => {
        if (next !== undefined) onValueCommit?.(next);
      }}
    >
      <Track>
        <Range />
      </Track>
      <Thumb aria-label={label} aria-valuetext={valueText} />
    </Root>
  );
}

const Root = styled(RadixSlider.Root)`
  position: relative;
  display: flex;
  align-items: center;
  width: 100%;
  height: 1.5rem;
  touch-action: none;
  user-select: none;
`;

const Track = styled(RadixSlider.Track)`
  position: relative;
  flex-grow: 1;
  height: 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.border};
`;

const Range = styled(RadixSlider.Range)`
  position: absolute;
  height: 100%;
  border-radius: inherit;
  background: ${({ theme }) => theme.colors.brand};
`;

const Thumb = styled(RadixSlider.Thumb)`
  display: block;
  width: 1.15rem;
  height: 1.15rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surface};
  border: 3px solid ${({ theme }) => theme.colors.brand};
  cursor: grab;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
