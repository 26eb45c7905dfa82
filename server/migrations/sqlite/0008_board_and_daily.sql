-- The board people read and a daily challenge (issue 45, items 4 and 6).
-- The same SQL on SQLite and PostgreSQL but for the daily scores' id.
--
-- Attempts: plays that ended, cleared or not, as the client reports them
-- (POST /gallery/levels/C/ends), counted per version like plays (a level's
-- clear rate is clears / attempts), under the anti-stuffing rules of
-- gallery/fairness.rs: a few tries a player an hour, a few players an address.
-- Levels from before this migration have none (0 of 0: "no attempts yet").
ALTER TABLE levels ADD COLUMN attempts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE levels ADD COLUMN clears BIGINT NOT NULL DEFAULT 0;
ALTER TABLE level_versions ADD COLUMN attempts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE level_versions ADD COLUMN clears BIGINT NOT NULL DEFAULT 0;
CREATE TABLE attempts (
    level_code TEXT NOT NULL,
    version BIGINT NOT NULL,
    player TEXT NOT NULL,
    -- Unix hours.
    hour BIGINT NOT NULL,
    address TEXT NOT NULL,
    -- Ends counted this hour, and how many of them cleared.
    tries BIGINT NOT NULL,
    clears BIGINT NOT NULL,
    PRIMARY KEY (level_code, version, player, hour)
);
CREATE INDEX attempts_by_address ON attempts (level_code, version, address, hour);

-- The daily challenge: one level and seed a day (UTC days since 1970), picked
-- by the first server asked that day and kept, so every server and every
-- later answer agree; a day's text is kept as it was picked.
CREATE TABLE daily (
    day BIGINT PRIMARY KEY,
    -- What was picked: `shipped:FILE` or `gallery:CODE` (never the same
    -- twice in 30 days).
    source TEXT NOT NULL,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    seed BIGINT NOT NULL,
    picked BIGINT NOT NULL
);
-- Each day's board: one verified score per player a day.
CREATE TABLE daily_scores (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    day BIGINT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    score BIGINT NOT NULL,
    steps BIGINT NOT NULL,
    at BIGINT NOT NULL,
    hash TEXT NOT NULL,
    replay TEXT NOT NULL,
    address TEXT NOT NULL
);
CREATE UNIQUE INDEX daily_scores_player ON daily_scores (day, player);
CREATE UNIQUE INDEX daily_scores_hash ON daily_scores (day, hash);
CREATE INDEX daily_scores_board ON daily_scores (day, score DESC, steps, id);
CREATE INDEX daily_scores_by_address ON daily_scores (day, address);
