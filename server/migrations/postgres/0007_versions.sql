-- Versions, not silent edits (issue 45): an update of a level makes its next
-- version. Scores, ratings and plays count per version: the board, the rating
-- and the plays a page shows are its latest version's; each version before it
-- keeps its scores (with their version) and its totals (`level_versions`).
-- A level from before this migration is version 1, and so are its scores and
-- plays (an earlier update was not counted). The same SQL on SQLite and
-- PostgreSQL.
ALTER TABLE levels ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE scores ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE plays ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

-- One entry per player, and a game once, per version's board.
DROP INDEX scores_player;
CREATE UNIQUE INDEX scores_player ON scores (level_code, version, player);
DROP INDEX scores_hash;
CREATE UNIQUE INDEX scores_hash ON scores (level_code, version, hash);
DROP INDEX scores_board;
CREATE INDEX scores_board ON scores (level_code, version, score DESC, steps, id);

-- Each version an update replaced: its text (a score of it is told it is an
-- old version's), when it was shared and replaced, and its totals.
CREATE TABLE level_versions (
    level_code TEXT NOT NULL,
    version BIGINT NOT NULL,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    shared BIGINT NOT NULL,
    replaced BIGINT NOT NULL,
    plays BIGINT NOT NULL,
    stars_sum BIGINT NOT NULL,
    ratings BIGINT NOT NULL,
    author_clear_steps BIGINT,
    PRIMARY KEY (level_code, version)
);
