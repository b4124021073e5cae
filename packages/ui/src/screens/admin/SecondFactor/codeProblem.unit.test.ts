import { describe, expect, it } from 'vitest';
import { codeProblem } from './CodeForm';
import { firstWay } from './SecondFactorPrompt';

describe('codeProblem', () => {
  it('asks for a code when none is typed', () => {
    expect(codeProblem('totp', '  ')).toBe('Enter the code');
    expect(codeProblem('recovery', '')).toBe('Enter the code');
  });

  it('takes six digits from an authenticator app, spaces ignored', () => {
    expect(codeProblem('totp', '123 456')).toBeUndefined();
    expect(codeProblem('totp', '12345')).toBe('Enter the 6 digits from your app');
    expect(codeProblem('totp', '12345a')).toBe('Enter the 6 digits from your app');
  });

  it('takes a recovery code with or without its dash', () => {
    expect(codeProblem('recovery', 'K7QF2-MXD9P')).toBeUndefined();
    expect(codeProblem('recovery', 'k7qf2mxd9p')).toBeUndefined();
    expect(codeProblem('recovery', 'K7QF2')).toBe('A recovery code has 10 letters and digits');
  });
});

describe('firstWay', () => {
  it('offers the passkey first, then the authenticator code, then a recovery code', () => {
    expect(firstWay({ passkey: true, totp: true, recoveryCodes: 10 })).toBe('passkey');
    expect(firstWay({ passkey: false, totp: true, recoveryCodes: 10 })).toBe('totp');
    expect(firstWay({ passkey: false, totp: false, recoveryCodes: 3 })).toBe('recovery');
  });
});
