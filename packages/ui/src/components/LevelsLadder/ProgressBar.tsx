/**
 * A labelled, read-only progress bar (role progressbar with its value), shared by the levels
 * ladder and the dashboard header. The fill width is clamped so a bad figure never overflows.
 */
import styled from 'styled-components';
import { media } from '../../theme';

export interface ProgressBarProps {
  /** Accessible name, e.g. "Progress to Explorer". */
  label: string;
  /** 0..100. */
  percent: number;
  /** Read out instead of the bare percentage, e.g. "40% complete, 54 days remaining". */
  valueText?: string;
  tone?: 'brand' | 'olive';
}

export function ProgressBar({ label, percent, valueText, tone = 'brand' }: ProgressBarProps) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <Fill $tone={tone} style={{ width: `${value}%` }} />
    </Track>
  );
}

const Track = styled.div`
  height: 0.75rem;
  width: 100%;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.sand};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div<{ $tone: 'brand' | 'olive' }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $tone }) => ($tone === 'olive' ? theme.colors.olive : theme.colors.brand)};
  transition: width 600ms ease;
  ${media.reducedMotion} {
    transition: none;
  }
`;
