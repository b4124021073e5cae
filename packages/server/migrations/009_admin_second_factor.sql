-- The admin's second factor (docs/decisions/027-admin-second-factor.md): a TOTP secret (sealed by
-- the server, never in clear) with the last step used, so a code works once; the keyed hashes of
-- the unused recovery codes; the passkeys' public keys and counters; and the single-use
-- challenges of the passkey ceremonies and of a TOTP enrolment under way.
CREATE TABLE admin_second_factors (
  admin_id             uuid PRIMARY KEY,
  totp_secret          text,
  totp_last_step       bigint NOT NULL DEFAULT 0,
  recovery_code_hashes text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE admin_passkeys (
  id         text PRIMARY KEY,
  admin_id   uuid NOT NULL,
  public_key text NOT NULL,
  counter    bigint NOT NULL,
  transports text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
CREATE INDEX admin_passkeys_admin_idx ON admin_passkeys (admin_id, created_at);

CREATE TABLE admin_challenges (
  key        text PRIMARY KEY,
  value      text NOT NULL,
  expires_at timestamptz NOT NULL
);
