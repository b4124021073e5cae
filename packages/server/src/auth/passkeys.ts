/**
 * Passkey ceremonies for the admin (docs/decisions/027-admin-second-factor.md) with
 * @simplewebauthn/server. The relying party is PUBLIC_URL's host; the origins accepted are
 * PUBLIC_URL's and ALLOWED_ORIGINS. Challenges are made here and kept by the caller in the store,
 * single use.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { StoredAdmin, StoredPasskey } from '../store/schema.js';

export interface RelyingParty {
  rpID: string;
  origins: string[];
}

export function relyingParty(config: { publicUrl: string; allowedOrigins: readonly string[] }): RelyingParty {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origins: [url.origin, ...config.allowedOrigins.map((o) => new URL(o).origin)] };
}

const RP_NAME = 'Pause. Reflect. Retry. admin';

export function registrationOptions(
  rp: RelyingParty,
  admin: StoredAdmin,
  existing: readonly StoredPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: admin.email,
    userDisplayName: admin.name,
    userID: new TextEncoder().encode(admin.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
}

/** The new passkey, or undefined when the response does not verify. */
export async function verifiedRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  expectedChallenge: string,
  now: Date,
): Promise<StoredPasskey | undefined> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
    if (!result.verified) return undefined;
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: now.toISOString(),
    };
  } catch {
    // A malformed or forged response: the same as one that does not verify.
    return undefined;
  }
}

export function authenticationOptions(
  rp: RelyingParty,
  passkeys: readonly StoredPasskey[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.id, transports: p.transports })),
    userVerification: 'required',
  });
}

/** The passkey's new counter, or undefined when the response does not verify for one of these passkeys. */
export async function verifiedAuthentication(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  passkeys: readonly StoredPasskey[],
): Promise<{ passkeyId: string; counter: number } | undefined> {
  const passkey = passkeys.find((p) => p.id === response.id);
  if (!passkey) return undefined;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    return result.verified ? { passkeyId: passkey.id, counter: result.authenticationInfo.newCounter } : undefined;
  } catch {
    return undefined;
  }
}
