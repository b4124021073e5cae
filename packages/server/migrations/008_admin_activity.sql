-- The admin's actions, kept for a year (docs/product/rules.md#security-events). The participant
-- is kept by their name at the time, never their e-mail or id: the record of a deletion outlives
-- the member it deleted, and points at no one once they are gone. `seq` orders actions of one
-- instant in the order they were added.
CREATE TABLE admin_activity (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL,
  at timestamptz NOT NULL,
  action text NOT NULL,
  admin_id text NOT NULL,
  participant_name text,
  network text NOT NULL
);

-- The Activity page's newest-first pages and the daily removal of records past the year.
CREATE INDEX admin_activity_at_idx ON admin_activity (at DESC, seq DESC);
