-- "top rated" by a Bayesian average (issue 43: 30 ratings of 5 from one address
-- put a level first in 0.05 s): each level's ratings count as if 5 ratings of
-- 3 stars (the middle of 1 to 5) came first, (stars_sum + 15) / (ratings + 5),
-- so one vote moves a level a sixth of the way and a level needs many to lead.
-- Unrated levels stay last (0). The same on SQLite and PostgreSQL, and the very
-- expression store.rs ORDER_TOP orders by, so both walk the index in order.
DROP INDEX levels_top;
CREATE INDEX levels_top ON levels (
    hidden,
    (CASE WHEN ratings > 0 THEN CAST(stars_sum + 15 AS DOUBLE PRECISION) / (ratings + 5) ELSE 0 END) DESC,
    ratings DESC,
    created DESC,
    code
);
