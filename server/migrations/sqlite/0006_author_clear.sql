-- The clear check (issue 45): a level is shared or updated with a replay of
-- its author clearing it (a versus-only level: a match won against the CPU),
-- which the server plays before it stores the level. The step the replay
-- cleared it at is listed ("cleared by its author in 1:23"), and the replay
-- kept as the server re-encoded it. Levels shared before this migration were
-- never clear-checked: NULL steps and no replay, listed as "not clear-checked".
-- The same SQL on SQLite and PostgreSQL.
ALTER TABLE levels ADD COLUMN author_clear_steps BIGINT;
ALTER TABLE levels ADD COLUMN author_clear TEXT NOT NULL DEFAULT '';
