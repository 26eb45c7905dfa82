-- One score per player and level (their best), and a replay listed once per
-- level (by the hash its game ends in); only the top scores keep their replay
-- text (see gallery/scores.rs). The same SQL on SQLite and PostgreSQL.
-- Numbered 3: 2 was left to the listing's indexes, written at the same time.

-- Of a player's rows on a level, the best stays: a higher score, then fewer
-- steps, then the earlier.
DELETE FROM scores WHERE EXISTS (
    SELECT 1 FROM scores b
    WHERE b.level_code = scores.level_code AND b.player = scores.player
      AND (b.score > scores.score
           OR (b.score = scores.score AND b.steps < scores.steps)
           OR (b.score = scores.score AND b.steps = scores.steps AND b.id < scores.id))
);
-- Of the rows with one hash on a level (one game sent under several ids), the best stays.
DELETE FROM scores WHERE EXISTS (
    SELECT 1 FROM scores b
    WHERE b.level_code = scores.level_code AND b.hash = scores.hash
      AND (b.score > scores.score
           OR (b.score = scores.score AND b.steps < scores.steps)
           OR (b.score = scores.score AND b.steps = scores.steps AND b.id < scores.id))
);
CREATE UNIQUE INDEX scores_player ON scores (level_code, player);
CREATE UNIQUE INDEX scores_hash ON scores (level_code, hash);

-- Past the top 10, a score keeps its line but not its replay.
UPDATE scores SET replay = '' WHERE (
    SELECT COUNT(*) FROM scores b
    WHERE b.level_code = scores.level_code
      AND (b.score > scores.score
           OR (b.score = scores.score AND b.steps < scores.steps)
           OR (b.score = scores.score AND b.steps = scores.steps AND b.id < scores.id))
) >= 10;
