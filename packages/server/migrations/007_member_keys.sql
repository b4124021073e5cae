-- Single-use e-mail keys (docs/decisions/025-e-mail-key-flow.md) and invites paid on proof
-- (docs/product/rules.md#invites).

-- A key that has been used, kept until it expires: the primary key makes "use" one INSERT that
-- only one server can win. Gone with the member.
CREATE TABLE member_keys_used (
  key_id     text PRIMARY KEY,
  member_id  uuid NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX member_keys_used_member_idx ON member_keys_used (member_id);

-- Sign out everywhere: every key of the member issued at or before revoked_at is dead.
CREATE TABLE member_key_revocations (
  member_id  uuid PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  revoked_at timestamptz NOT NULL
);

-- The invite's +10 waits for the friend's first proof: 'pending' until then, 'paid' or 'over-cap'
-- after. NULL: no invite, or a member from before this rule (their inviter was paid at the join).
ALTER TABLE members ADD COLUMN invite_credit text CHECK (invite_credit IN ('pending', 'paid', 'over-cap'));
-- The inviter's count of friends paid for on one UTC day (the daily cap).
ALTER TABLE members ADD COLUMN invite_credit_day text;
ALTER TABLE members ADD COLUMN invite_credits_that_day integer CHECK (invite_credits_that_day >= 0);
