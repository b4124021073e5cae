-- The daily retention purge (docs/product/rules.md#retention; src/store/postgres/retention.ts).
-- The two tables that grow with use, a row per sign-in and a row per e-mail key used, get an index
-- on the column it deletes by, so a batch reads what it deletes instead of the whole table. The
-- other tables it cleans hold at most a row per member (or per member and kind), a handful for
-- the admin, are kept small by the store's five-minute sweep (rate_limits), or are indexed
-- already (admin_activity).
CREATE INDEX member_sessions_created_idx ON member_sessions (created_at);
CREATE INDEX member_keys_used_expires_idx ON member_keys_used (expires_at);
