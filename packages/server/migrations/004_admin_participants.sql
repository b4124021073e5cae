-- The admin's participant list at 50,000 members (docs/decisions/022-admin-participants-at-scale.md):
-- what its search and orders read, and the map table 'Update Map' replaced, kept for one undo.
-- The match and order rules are packages/domain/src/participantSearch.ts; the SQL that mirrors
-- them is src/store/postgres/memberSearch.ts.

-- The lower-cased name and ZIP code, kept beside the originals: lower() on every row of a search
-- that no index narrows (a text of one or two characters) cost four times the scan itself. The
-- e-mail has its lower-cased form already (email_key). name_lower is in code-point order ("C"),
-- the order the name sorts use, the same on every machine.
ALTER TABLE members
  ADD COLUMN name_lower text COLLATE "C" GENERATED ALWAYS AS (lower(name)) STORED,
  ADD COLUMN zip_lower text COLLATE "C" GENERATED ALWAYS AS (lower(zip_code)) STORED;

-- "Part of the name or e-mail" (LIKE '%text%') through trigrams. pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One index per field rather than one on a concatenation: the search's OR becomes a BitmapOr of
-- the indexes, and no match can span the end of the name and the start of the e-mail.
CREATE INDEX members_name_trgm_idx ON members USING gin (name_lower gin_trgm_ops);
CREATE INDEX members_email_trgm_idx ON members USING gin (email_key gin_trgm_ops);
-- "The start of the ZIP code" (LIKE 'text%').
CREATE INDEX members_zip_prefix_idx ON members (zip_lower text_pattern_ops);

-- The name orders, ties newest first either way. Neither index read backwards gives the other
-- order; each read backwards gives the other's reverse, which deep pages walk (memberSearch.ts).
CREATE INDEX members_name_idx ON members (name_lower, joined_at DESC, seq DESC);
CREATE INDEX members_name_desc_idx ON members (name_lower DESC, joined_at DESC, seq DESC);

-- A state's members (any status) in the newest order, and their count.
CREATE INDEX members_state_joined_idx ON members (state, joined_at DESC, seq DESC);

-- The map table the last 'Update Map' replaced, in the states table's shape, while it can be
-- undone. A row in states_backup_held says a backup exists: a backup of an empty map table has no
-- rows of its own and must still be told from no backup at all.
CREATE TABLE states_backup_held (
  held boolean PRIMARY KEY DEFAULT true CHECK (held)
);

CREATE TABLE states_backup (
  position    integer PRIMARY KEY,
  state       text NOT NULL UNIQUE,
  state_code  char(2) NOT NULL,
  peacemakers integer NOT NULL CHECK (peacemakers >= 0)
);
