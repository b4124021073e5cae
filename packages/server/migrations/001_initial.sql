-- The PostgreSQL store's first schema: one table per collection of the lowdb data file, with the
-- constraints that enforce the rules (docs/decisions/ "Two stores behind one interface") and an
-- index for every read the API makes. Applied once, in a transaction, by src/store/postgres/migrate.ts.

-- The seed content the site starts with (db.json): products, testimonials, the map table.
CREATE TABLE products (
  position    integer PRIMARY KEY,
  id          text NOT NULL UNIQUE,
  name        text NOT NULL,
  image_url   text NOT NULL,
  price       text NOT NULL,
  shopify_url text NOT NULL
);

CREATE TABLE testimonials (
  position   integer PRIMARY KEY,
  id         text NOT NULL UNIQUE,
  name       text NOT NULL,
  location   text NOT NULL,
  content    text NOT NULL,
  rating     smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  avatar_url text
);

-- The participation map: one row per state, in the order the table was written.
CREATE TABLE states (
  position    integer PRIMARY KEY,
  state       text NOT NULL UNIQUE,
  state_code  char(2) NOT NULL,
  peacemakers integer NOT NULL CHECK (peacemakers >= 0)
);

CREATE TABLE members (
  id              uuid PRIMARY KEY,
  -- Insertion order: ties on joined_at list the last added first, as the lowdb store does.
  seq             bigint GENERATED ALWAYS AS IDENTITY,
  name            text NOT NULL,
  email           text NOT NULL,
  -- The e-mail trimmed and lower-cased by the server (normaliseEmail): one member per address,
  -- whatever its case, and the lookup's index.
  email_key       text NOT NULL,
  zip_code        text NOT NULL,
  state           text NOT NULL,
  joined_at       timestamptz NOT NULL,
  is_active       boolean NOT NULL,
  email_reminders boolean NOT NULL,
  reminder_time   text NOT NULL,
  timezone        text NOT NULL,
  points          integer NOT NULL CHECK (points >= 0),
  level           text NOT NULL,
  CONSTRAINT members_email_key_unique UNIQUE (email_key)
);
-- The admin list, newest first.
CREATE INDEX members_joined_at_idx ON members (joined_at DESC, seq DESC);
-- 'Update Map' counts active members per state.
CREATE INDEX members_active_state_idx ON members (state) WHERE is_active;

-- One reflection per member per day: the unique constraint is also the read's index.
CREATE TABLE reflections (
  id                   uuid PRIMARY KEY,
  member_id            uuid NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  day                  smallint NOT NULL CHECK (day >= 1),
  date                 date NOT NULL,
  paused               boolean NOT NULL,
  reflected            boolean NOT NULL,
  retried              boolean NOT NULL,
  notes                text NOT NULL,
  mood                 smallint NOT NULL,
  conflict_count       integer NOT NULL,
  successful_responses integer NOT NULL,
  prompt_response      text NOT NULL,
  gratitude_practice   boolean NOT NULL,
  breathing_exercise   boolean NOT NULL,
  perspective_taking   boolean NOT NULL,
  empathy_score        smallint NOT NULL,
  self_awareness_score smallint NOT NULL,
  -- NULL when it is the day's own prompt, which the server knows (domain/reflections.ts).
  reflection_prompt    text,
  exercise_type        text NOT NULL,
  completed_exercises  smallint NOT NULL,
  saved_at             timestamptz NOT NULL,
  CONSTRAINT reflections_member_day_unique UNIQUE (member_id, day)
);

-- Each achievement at most once per member.
CREATE TABLE achievements (
  id               uuid PRIMARY KEY,
  -- Insertion order: two achievements earned by one save share awarded_at.
  seq              bigint GENERATED ALWAYS AS IDENTITY,
  member_id        uuid NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  title            text NOT NULL,
  description      text NOT NULL,
  icon             text NOT NULL,
  category         text NOT NULL,
  day_earned       smallint NOT NULL CHECK (day_earned >= 1),
  points           integer NOT NULL CHECK (points >= 0),
  achievement_type text NOT NULL,
  awarded_at       timestamptz NOT NULL,
  CONSTRAINT achievements_member_type_unique UNIQUE (member_id, achievement_type)
);

CREATE TABLE ripple_effects (
  id                        uuid PRIMARY KEY,
  seq                       bigint GENERATED ALWAYS AS IDENTITY,
  member_id                 uuid NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  week                      integer NOT NULL,
  relationship_improvements integer NOT NULL,
  positive_interactions     integer NOT NULL,
  conflicts_avoided         integer NOT NULL,
  others_inspired           integer NOT NULL,
  notes                     text NOT NULL,
  created_at                timestamptz NOT NULL
);
CREATE INDEX ripple_effects_member_idx ON ripple_effects (member_id);

CREATE TABLE admins (
  position      integer PRIMARY KEY,
  id            uuid NOT NULL UNIQUE,
  name          text NOT NULL,
  email         text NOT NULL,
  password_hash text NOT NULL
);

-- Admin sessions live here so every server process sees them; only a hash of the id is kept.
CREATE TABLE admin_sessions (
  id_hash    text PRIMARY KEY,
  admin_id   uuid NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen  timestamptz NOT NULL
);
CREATE INDEX admin_sessions_admin_idx ON admin_sessions (admin_id);

-- The e-mail log: the latest delivery per member and kind. Claims are compare-and-set on this
-- row, so each message goes out once across every server process.
CREATE TABLE email_deliveries (
  member_id        uuid NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('welcome', 'reflection')),
  key              text NOT NULL,
  local_date       date NOT NULL,
  day              smallint NOT NULL,
  status           text NOT NULL CHECK (status IN ('sending', 'sent', 'retry', 'failed', 'unknown')),
  attempts         integer NOT NULL CHECK (attempts >= 0),
  message_id       text NOT NULL,
  first_attempt_at timestamptz NOT NULL,
  last_attempt_at  timestamptz NOT NULL,
  next_attempt_at  timestamptz,
  sent_at          timestamptz,
  last_error       text,
  PRIMARY KEY (member_id, kind),
  CONSTRAINT email_deliveries_key_unique UNIQUE (key)
);
CREATE INDEX email_deliveries_sending_idx ON email_deliveries (last_attempt_at) WHERE status = 'sending';

-- rate-limiter-flexible's RateLimiterPostgres table (created here, so its SQL is versioned too).
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
