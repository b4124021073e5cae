-- Keeping the site's promises to a member (issue 19; docs/product/rules.md): invite links, the
-- level-up the dashboard celebrates once, the choice after day 90, members' stories, and one
-- ripple record per week. The store's SQL is src/store/postgres/records.ts.

-- inviteCode: the code of the member's invite link; NULL until first asked for (members from
-- before invites). invitedBy: whose link they joined through; their inviter's deletion keeps the
-- member and forgets the link. levelSeen: NULL reads as the current level (nobody is congratulated
-- on an old one). afterExperiment: NULL until the member chooses after day 90.
ALTER TABLE members
  ADD COLUMN invite_code      text,
  ADD COLUMN invited_by       uuid REFERENCES members (id) ON DELETE SET NULL,
  ADD COLUMN level_seen       text,
  ADD COLUMN after_experiment text CHECK (after_experiment IN ('continue', 'stop')),
  ADD CONSTRAINT members_invite_code_unique UNIQUE (invite_code);
-- How many a member invited, and the SET NULL when the inviter is deleted.
CREATE INDEX members_invited_by_idx ON members (invited_by) WHERE invited_by IS NOT NULL;

-- A member's stories for the home page's reviews, gone with the member.
CREATE TABLE stories (
  id           uuid PRIMARY KEY,
  -- Insertion order: ties on a time list the last added first, as the lowdb store does.
  seq          bigint GENERATED ALWAYS AS IDENTITY,
  member_id    uuid NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  content      text NOT NULL,
  location     text NOT NULL,
  rating       smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  status       text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  submitted_at timestamptz NOT NULL,
  -- NULL while pending.
  reviewed_at  timestamptz
);
-- The member's own stories, newest first.
CREATE INDEX stories_member_idx ON stories (member_id, submitted_at DESC, seq DESC);
-- The admin's queue: pending stories oldest first.
CREATE INDEX stories_status_submitted_idx ON stories (status, submitted_at, seq DESC);
-- Approved (the home page) and rejected stories: the latest review first.
CREATE INDEX stories_status_reviewed_idx ON stories (status, reviewed_at DESC NULLS LAST, seq DESC);

-- One ripple record per member and week: a second save of a week replaces the first. Of the
-- records saved before this rule, the latest createdAt is kept (the last added on a tie), as the
-- lowdb store does when it loads an old file (src/store/schema.ts, oneRipplePerWeek).
DELETE FROM ripple_effects older
  USING ripple_effects newer
  WHERE newer.member_id = older.member_id
    AND newer.week = older.week
    AND (newer.created_at, newer.seq) > (older.created_at, older.seq);
ALTER TABLE ripple_effects ADD CONSTRAINT ripple_effects_member_week_unique UNIQUE (member_id, week);
-- The unique constraint's index starts with member_id and serves the member's reads.
DROP INDEX ripple_effects_member_idx;
