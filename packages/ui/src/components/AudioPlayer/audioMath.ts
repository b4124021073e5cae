/** The player's figures (docs/product/screens.md#audio-player) and the slider arithmetic, kept pure for unit tests. */

export const AUDIO_DEFAULTS = {
  /** Starting volume, 0 to 1. */
  volume: 0.7,
  volumeStep: 0.1,
  /** Seconds moved per arrow key on the position slider. */
  seekStep: 1,
} as const;

export interface StepRange {
  min?: number;
  max?: number;
  step?: number;
}

function decimalCount(step: number): number {
  return (String(step).split('.')[1] ?? '').length;
}

/**
 * Rounds a value to the nearest step (counted from min) and clamps it within min and max, the
 * way the sliders do, so the audio element never receives 0.7000000001 or a time past the end.
 * The default range is the slider's, 0 to 100 by 1.
 */
export function snapToStep(value: number, { min = 0, max = 100, step = 1 }: StepRange = {}): number {
  if (!Number.isFinite(value)) return min;
  const clamped = Math.min(max, Math.max(min, value));
  const steps = Math.round((clamped - min) / step);
  // toFixed drops binary noise such as 0.30000000000000004.
  const snapped = Number((min + steps * step).toFixed(decimalCount(step)));
  return Math.min(max, Math.max(min, snapped));
}

/** 75 -> "1:15"; anything not a finite, positive number reads "0:00". */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}
