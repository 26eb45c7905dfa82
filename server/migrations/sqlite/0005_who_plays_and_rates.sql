-- Boards and lists that resist stuffing (issue 43: 30 rating ids from one
-- address put a level first, 12,200 plays made one "most played", 80 CPU games
-- under 80 ids filled a top 10). Each play, rating and score keeps the client
-- address it came from (an IPv4 address or an IPv6 /64, as the limits count
-- them: gallery/who.rs), and a play the time it was first seen, so that:
-- a rating counts only from a player who played the level (a play seen long
-- enough before, or a verified score); one address rates and plays a level
-- under a few ids at most; a board keeps one entry per name and per address a
-- day. Rows from before this migration have no address ('') and a play time
-- of 0 (long ago). The same SQL on SQLite and PostgreSQL.
ALTER TABLE plays ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE plays ADD COLUMN at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE scores ADD COLUMN address TEXT NOT NULL DEFAULT '';
CREATE INDEX plays_by_address ON plays (level_code, address, hour);
CREATE INDEX plays_by_player ON plays (level_code, player);
CREATE INDEX ratings_by_address ON ratings (level_code, address);
CREATE INDEX scores_by_address ON scores (level_code, address, at);
