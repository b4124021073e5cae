-- Secrets the servers share, created on first use: the key that signs e-mail links when
-- SESSION_SECRET is unset (store/types.ts, sessionSecret). In the database rather than a file, so
-- every server process on it signs and verifies the same links.
CREATE TABLE app_secrets (
  name  text PRIMARY KEY,
  value text NOT NULL
);
