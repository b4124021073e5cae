import { describe, expect, it } from 'vitest';
import { AUDIO_DEFAULTS, formatTime, snapToStep } from './audioMath';

describe('snapToStep', () => {
  it('uses the slider default range 0 to 100 by 1', () => {
    expect(snapToStep(42.4)).toBe(42);
    expect(snapToStep(42.5)).toBe(43);
    expect(snapToStep(-5)).toBe(0);
    expect(snapToStep(140)).toBe(100);
  });

  it('rounds the volume to steps of 0.1 without floating-point noise', () => {
    const volume = { min: 0, max: 1, step: AUDIO_DEFAULTS.volumeStep };
    expect(snapToStep(0.74, volume)).toBe(0.7);
    expect(snapToStep(0.75, volume)).toBe(0.8);
    expect(snapToStep(0.1 + 0.2, volume)).toBe(0.3);
    expect(snapToStep(1.3, volume)).toBe(1);
    expect(snapToStep(-0.2, volume)).toBe(0);
  });

  it('rounds seeking to whole seconds within the song', () => {
    const seek = { min: 0, max: 16.5, step: AUDIO_DEFAULTS.seekStep };
    expect(snapToStep(3.4, seek)).toBe(3);
    expect(snapToStep(3.6, seek)).toBe(4);
    expect(snapToStep(16.2, seek)).toBe(16);
    // Past the end clamps to the end itself, so End on the slider reaches the song's last moment.
    expect(snapToStep(99, seek)).toBe(16.5);
    expect(snapToStep(Number.NaN, seek)).toBe(0);
  });

  it('counts steps from min', () => {
    expect(snapToStep(7, { min: 1, max: 10, step: 3 })).toBe(7);
    expect(snapToStep(8.4, { min: 1, max: 10, step: 3 })).toBe(7);
    expect(snapToStep(9, { min: 1, max: 10, step: 3 })).toBe(10);
  });
});

describe('formatTime', () => {
  it('shows minutes and zero-padded seconds', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(9.9)).toBe('0:09');
    expect(formatTime(75)).toBe('1:15');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});

describe('AUDIO_DEFAULTS', () => {
  it('matches the documented figures: volume 0.7, volume step 0.1, seek step 1 s', () => {
    expect(AUDIO_DEFAULTS).toEqual({ volume: 0.7, volumeStep: 0.1, seekStep: 1 });
  });
});
