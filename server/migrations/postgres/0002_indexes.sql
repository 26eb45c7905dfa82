-- Listings and the search by index (issue 35's "top and search read every row").
-- The same on SQLite and PostgreSQL.
--
-- "top rated": the average is an expression index, the very expression the
-- listing orders by (store.rs LIST_TOP), so both databases walk the index in
-- order and stop after a page. Unrated levels average 0, below any rating (1 to
-- 5 stars), as before.
CREATE INDEX levels_top ON levels (
    hidden,
    (CASE WHEN ratings > 0 THEN CAST(stars_sum AS DOUBLE PRECISION) / ratings ELSE 0 END) DESC,
    ratings DESC,
    created DESC,
    code
);
-- "most played" with the listing's last tie-break, so no sort is left to do.
DROP INDEX levels_played;
CREATE INDEX levels_played ON levels (hidden, plays DESC, created DESC, code);

-- The search: every 3-character piece of a level's search text (its title and
-- author, lower-cased), kept by store.rs as levels are shared, updated and
-- deleted. A search starts from the rarest piece of what was typed and checks
-- only the levels holding it (a LIKE on the text stays the final word).
CREATE TABLE level_grams (
    gram TEXT NOT NULL,
    level_code TEXT NOT NULL,
    PRIMARY KEY (gram, level_code)
);
-- The levels shared before this migration, cut into pieces here.
INSERT INTO level_grams (gram, level_code)
WITH RECURSIVE piece (code, search, i) AS (
    SELECT code, search, 1 FROM levels
    UNION ALL
    SELECT code, search, i + 1 FROM piece WHERE i + 3 <= length(search)
)
SELECT DISTINCT substr(search, i, 3), code FROM piece WHERE i + 2 <= length(search);
