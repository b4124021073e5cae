-- The level-up e-mail (docs/decisions/023-level-up-and-continuing-email.md): a third kind in the
-- e-mail log, one row per member like the others, holding the latest level announced. Its key
-- is memberId:level-up:<Level>, so each level is claimed, and sent, once.
-- (The daily reflection's day may now pass 90 for a member who chose to continue: smallint holds it.)
ALTER TABLE email_deliveries DROP CONSTRAINT email_deliveries_kind_check;
ALTER TABLE email_deliveries
  ADD CONSTRAINT email_deliveries_kind_check CHECK (kind IN ('welcome', 'reflection', 'level-up'));
