-- Insights (docs/product/insights.md): the evidence the admin published on /impact, and the
-- short-lived cache of Insights' sums, shared by every server on the database. The sums' SQL is
-- src/store/postgres/insights.ts.

-- At most one published snapshot: the contract's ImpactSnapshot as it was published. No row:
-- nothing is published (/impact answers 404).
CREATE TABLE impact_snapshot (
  one      boolean PRIMARY KEY DEFAULT true CHECK (one),
  snapshot jsonb NOT NULL
);

-- The sums of one filter (the key is the domain's), kept for INSIGHTS_CACHE_MINUTES or until the
-- admin refreshes. No data of record: losing it only costs a computation.
CREATE TABLE insight_cache (
  key         text PRIMARY KEY,
  computed_at timestamptz NOT NULL,
  totals      jsonb NOT NULL
);

-- Insights' sums, kept as reflections are written (docs/product/insights.md#how-they-are-computed):
-- reading every reflection at 50,000 members x 90 days takes seconds, so the two sums a cold
-- Insights read needs most are kept up to date by the triggers below, in the writing transaction.
--
-- insight_day_sums: per state, join month (in the member's own zone) and day of the experiment,
-- the active members' reflections and the sums of their marks and scores.
CREATE TABLE insight_day_sums (
  state          text NOT NULL,
  join_month     text NOT NULL,
  day            smallint NOT NULL,
  reflections    integer NOT NULL,
  mood           bigint NOT NULL,
  empathy        bigint NOT NULL,
  self_awareness bigint NOT NULL,
  paused         integer NOT NULL,
  reflected      integer NOT NULL,
  retried        integer NOT NULL,
  PRIMARY KEY (state, join_month, day)
);

-- insight_member_weeks: per member and week of the experiment, their reflections, mood and
-- empathy (the evidence's week 1 against week 12). Rows of a deleted member go with them.
CREATE TABLE insight_member_weeks (
  week        smallint NOT NULL,
  member_id   uuid NOT NULL,
  reflections integer NOT NULL,
  mood        bigint NOT NULL,
  empathy     bigint NOT NULL,
  PRIMARY KEY (week, member_id)
);

-- The key a member's reflections are summed under: '' when the member is not counted (inactive).
CREATE FUNCTION insight_join_month(joined_at timestamptz, timezone text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_char(joined_at AT TIME ZONE timezone, 'YYYY-MM') $$;

-- Adds (sign 1) or takes away (sign -1) the reflections of the statement's transition table
-- `changed`. Rows are applied in key order, so two writers never wait on each other in a circle.
-- A member already deleted (a cascade) has nothing left to subtract: the delete trigger on
-- members took it away first.
CREATE FUNCTION insight_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer := TG_ARGV[0]::integer;
BEGIN
  INSERT INTO insight_day_sums AS s
    (state, join_month, day, reflections, mood, empathy, self_awareness, paused, reflected, retried)
  SELECT m.state, insight_join_month(m.joined_at, m.timezone), c.day,
         sign * count(*), sign * sum(c.mood), sign * sum(c.empathy_score), sign * sum(c.self_awareness_score),
         sign * count(*) FILTER (WHERE c.paused), sign * count(*) FILTER (WHERE c.reflected),
         sign * count(*) FILTER (WHERE c.retried)
  FROM changed c
  JOIN members m ON m.id = c.member_id AND m.is_active
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (state, join_month, day) DO UPDATE SET
    reflections = s.reflections + EXCLUDED.reflections,
    mood = s.mood + EXCLUDED.mood,
    empathy = s.empathy + EXCLUDED.empathy,
    self_awareness = s.self_awareness + EXCLUDED.self_awareness,
    paused = s.paused + EXCLUDED.paused,
    reflected = s.reflected + EXCLUDED.reflected,
    retried = s.retried + EXCLUDED.retried;

  INSERT INTO insight_member_weeks AS w (week, member_id, reflections, mood, empathy)
  SELECT (c.day + 6) / 7, c.member_id, sign * count(*), sign * sum(c.mood), sign * sum(c.empathy_score)
  FROM changed c
  WHERE EXISTS (SELECT 1 FROM members m WHERE m.id = c.member_id)
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (week, member_id) DO UPDATE SET
    reflections = w.reflections + EXCLUDED.reflections,
    mood = w.mood + EXCLUDED.mood,
    empathy = w.empathy + EXCLUDED.empathy;
  RETURN NULL;
END $$;

CREATE TRIGGER insight_sums_inserted AFTER INSERT ON reflections
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insight_sums_apply('1');
-- An update (a day saved again) takes the old values away and adds the new.
CREATE TRIGGER insight_sums_updated_old AFTER UPDATE ON reflections
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insight_sums_apply('-1');
CREATE TRIGGER insight_sums_updated_new AFTER UPDATE ON reflections
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insight_sums_apply('1');
CREATE TRIGGER insight_sums_deleted AFTER DELETE ON reflections
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insight_sums_apply('-1');

-- Moves one member's reflections from one key to another (or in or out of the count): `sign` 1
-- adds them under the member's key, -1 takes them away.
CREATE FUNCTION insight_member_apply(member members, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO insight_day_sums AS s
    (state, join_month, day, reflections, mood, empathy, self_awareness, paused, reflected, retried)
  SELECT member.state, insight_join_month(member.joined_at, member.timezone), r.day,
         sign * count(*), sign * sum(r.mood), sign * sum(r.empathy_score), sign * sum(r.self_awareness_score),
         sign * count(*) FILTER (WHERE r.paused), sign * count(*) FILTER (WHERE r.reflected),
         sign * count(*) FILTER (WHERE r.retried)
  FROM reflections r
  WHERE r.member_id = member.id
  GROUP BY r.day
  ORDER BY r.day
  ON CONFLICT (state, join_month, day) DO UPDATE SET
    reflections = s.reflections + EXCLUDED.reflections,
    mood = s.mood + EXCLUDED.mood,
    empathy = s.empathy + EXCLUDED.empathy,
    self_awareness = s.self_awareness + EXCLUDED.self_awareness,
    paused = s.paused + EXCLUDED.paused,
    reflected = s.reflected + EXCLUDED.reflected,
    retried = s.retried + EXCLUDED.retried
$$;

-- A member deactivated, reactivated, moved to another state or zone (which can change the join
-- month), or deleted: their reflections leave the old key and join the new one.
CREATE FUNCTION insight_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.is_active THEN PERFORM insight_member_apply(OLD, -1); END IF;
    DELETE FROM insight_member_weeks WHERE member_id = OLD.id;
    RETURN OLD;
  END IF;
  IF OLD.is_active THEN PERFORM insight_member_apply(OLD, -1); END IF;
  IF NEW.is_active THEN PERFORM insight_member_apply(NEW, 1); END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER insight_member_deleted BEFORE DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION insight_member_changed();
CREATE TRIGGER insight_member_moved AFTER UPDATE OF is_active, state, timezone, joined_at ON members
  FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active
        OR OLD.state IS DISTINCT FROM NEW.state
        OR insight_join_month(OLD.joined_at, OLD.timezone) IS DISTINCT FROM insight_join_month(NEW.joined_at, NEW.timezone))
  EXECUTE FUNCTION insight_member_changed();

-- The sums of the reflections already stored.
INSERT INTO insight_day_sums
  (state, join_month, day, reflections, mood, empathy, self_awareness, paused, reflected, retried)
SELECT m.state, insight_join_month(m.joined_at, m.timezone), r.day,
       count(*), sum(r.mood), sum(r.empathy_score), sum(r.self_awareness_score),
       count(*) FILTER (WHERE r.paused), count(*) FILTER (WHERE r.reflected), count(*) FILTER (WHERE r.retried)
FROM reflections r
JOIN members m ON m.id = r.member_id AND m.is_active
GROUP BY 1, 2, 3;

INSERT INTO insight_member_weeks (week, member_id, reflections, mood, empathy)
SELECT (day + 6) / 7, member_id, count(*), sum(mood), sum(empathy_score)
FROM reflections
GROUP BY 1, 2;

-- Retention reads the reflections of five days alone.
CREATE INDEX reflections_day_idx ON reflections (day, member_id);
