-- Member sign-in (docs/decisions/005-member-sign-in.md): the member's session and pending sign-in,
-- and whether the member has proved their address (daily reminders wait for it).

-- Members from before sign-in existed count as confirmed; new joins are written with false.
ALTER TABLE members ADD COLUMN email_confirmed boolean NOT NULL DEFAULT true;

-- 90-day sessions: only the SHA-256 of the cookie's id is kept; gone with the member.
CREATE TABLE member_sessions (
  id_hash    text PRIMARY KEY,
  member_id  uuid NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen  timestamptz NOT NULL
);
CREATE INDEX member_sessions_member_idx ON member_sessions (member_id);

-- At most one pending sign-in per member: the hashes of the e-mailed code and one-time link.
CREATE TABLE sign_ins (
  member_id   uuid PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  link_hash   text NOT NULL,
  expires_at  timestamptz NOT NULL,
  wrong_codes integer NOT NULL DEFAULT 0 CHECK (wrong_codes >= 0),
  created_at  timestamptz NOT NULL,
  CONSTRAINT sign_ins_link_hash_unique UNIQUE (link_hash)
);
