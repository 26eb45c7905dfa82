-- The gallery (arkanong server): levels players share, their ratings, plays,
-- reports and verified scores. PostgreSQL's half; sqlite/0001_gallery.sql is the
-- same schema but for the scores' id. Integers are BIGINT on both (sqlx's Any
-- driver reads both as i64). Codes are 6 letters of the room-code alphabet.
CREATE TABLE levels (
    code TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    author TEXT NOT NULL,
    mode TEXT NOT NULL,
    text TEXT NOT NULL,
    -- Lower-cased title and author, for the search (lower-cased in Rust, so
    -- both databases match alike).
    search TEXT NOT NULL,
    -- The SHA-256 of the edit key, hex; the key itself is never stored.
    edit_key_hash TEXT NOT NULL,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    plays BIGINT NOT NULL DEFAULT 0,
    stars_sum BIGINT NOT NULL DEFAULT 0,
    ratings BIGINT NOT NULL DEFAULT 0,
    -- 1 when the operator hid it (`arkanong server levels --hide`).
    hidden BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX levels_newest ON levels (hidden, created DESC, code);
CREATE INDEX levels_played ON levels (hidden, plays DESC, created DESC);

CREATE TABLE ratings (
    level_code TEXT NOT NULL,
    player TEXT NOT NULL,
    stars BIGINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (level_code, player)
);

-- One row per player, level and hour: a play counts once an hour.
CREATE TABLE plays (
    level_code TEXT NOT NULL,
    player TEXT NOT NULL,
    hour BIGINT NOT NULL,
    PRIMARY KEY (level_code, player, hour)
);

CREATE TABLE reports (
    level_code TEXT NOT NULL,
    player TEXT NOT NULL,
    reason TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (level_code, player)
);

CREATE TABLE scores (
    id BIGSERIAL PRIMARY KEY,
    level_code TEXT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    score BIGINT NOT NULL,
    steps BIGINT NOT NULL,
    at BIGINT NOT NULL,
    hash TEXT NOT NULL,
    replay TEXT NOT NULL
);
CREATE INDEX scores_board ON scores (level_code, score DESC, steps, id);
