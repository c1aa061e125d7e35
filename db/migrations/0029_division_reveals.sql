-- muster schema 29: how many times each division has been revealed to the enemy (muster's own
-- dice bookkeeping). Its units' and leaders' dice after a reveal come from a stream of their own
-- for that time, so what they rolled while hidden never moves what the enemy then reads.
-- Divisions of an earlier muster start at 0 (their streams go on as they were).
ALTER TABLE division ADD COLUMN reveals INTEGER NOT NULL DEFAULT 0 CHECK (reveals BETWEEN 0 AND 1000000);
