-- Counted per network, not per address (issue 43's patient attacker: once its
-- play was 20 s old, one address's 3 ids at 5 stars put a new level first of
-- "top" over levels with six 4-star ratings). Plays and ratings now keep the
-- network they came from (an IPv4 /24, an IPv6 /64: gallery/fairness.rs,
-- `--ipv4-prefix` and `--ipv6-prefix`); rows from before keep their address,
-- which counts as a network of its own. Each level keeps how many networks
-- its ratings came from, and whether that is at least `--top-networks`
-- (top_ready, which the server sets again at start when the flag changed):
-- "top" ranks the ready levels first, then by the Bayesian average of 0004.
-- The same SQL on SQLite and PostgreSQL.
ALTER TABLE levels ADD COLUMN rated_networks BIGINT NOT NULL DEFAULT 0;
ALTER TABLE levels ADD COLUMN top_ready BIGINT NOT NULL DEFAULT 0;
UPDATE levels SET rated_networks =
    (SELECT COUNT(DISTINCT address) FROM ratings WHERE ratings.level_code = levels.code);
UPDATE levels SET top_ready = CASE WHEN rated_networks >= 3 THEN 1 ELSE 0 END;
DROP INDEX levels_top;
CREATE INDEX levels_top ON levels (
    hidden,
    top_ready DESC,
    (CASE WHEN ratings > 0 THEN CAST(stars_sum + 15 AS DOUBLE PRECISION) / (ratings + 5) ELSE 0 END) DESC,
    ratings DESC,
    created DESC,
    code
);
