/**
 * TOTP for the admin's second factor (docs/decisions/027-admin-second-factor.md): RFC 6238 with
 * SHA-1, 6 digits and 30-second steps, which every authenticator app reads; a code of the step
 * before or after is accepted (clock drift). The caller marks the accepted step used, so a code
 * works once.
 */
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

const PERIOD = 30;
const ISSUER = 'Pause. Reflect. Retry.';

const totpOf = (secretBase32: string, label: string): OTPAuth.TOTP =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The otpauth:// URI and its QR code (SVG markup) for an authenticator app to scan. */
export async function totpEnrolment(
  secretBase32: string,
  label: string,
): Promise<{ otpauthUri: string; qrSvg: string }> {
  const otpauthUri = totpOf(secretBase32, label).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrSvg };
}

/** The 30-second step the code belongs to (now's, or one either side), or undefined for a wrong code. */
export function totpStep(secretBase32: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const timestamp = now.getTime();
  const delta = totpOf(secretBase32, 'admin').validate({ token: code, timestamp, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(timestamp / 1000 / PERIOD) + delta;
}

/** The code for a moment: for tests and the e2e journey, which play the authenticator app. */
export function totpCode(secretBase32: string, now: Date): string {
  return totpOf(secretBase32, 'admin').generate({ timestamp: now.getTime() });
}
