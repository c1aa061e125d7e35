-- muster schema 13: what each side may read of a journal entry computed across both sides.
-- A roll may be read by fewer sides than its operation (a hidden brigade's recovery roll is
-- its own side's): seen_by as operation.seen_by, NULL for whoever reads the operation. A side
-- whose view of an entry's summary differs from the umpire's (a battle that counted a division
-- it has not seen) reads its own line from operation_view. Both are journal, outside undo.
ALTER TABLE roll ADD COLUMN seen_by TEXT CHECK (seen_by IS NULL OR seen_by = '*' OR seen_by NOT GLOB '*[^a-z0-9_,-]*');
CREATE TABLE operation_view (
  operation_id INTEGER NOT NULL REFERENCES operation(id),
  side         TEXT NOT NULL CHECK (length(side) BETWEEN 1 AND 100 AND side NOT GLOB '*[^a-z0-9_-]*'),
  summary      TEXT NOT NULL CHECK (length(summary) BETWEEN 1 AND 100000),
  PRIMARY KEY (operation_id, side)
);
-- The division a fallen leader fought with (his command's, as it was in the battle): a side
-- reads of the enemy's fallen only those of divisions it has seen. NULL for a leader above
-- the divisions, and for battles recorded before this schema.
ALTER TABLE battle_fallen ADD COLUMN division_id INTEGER REFERENCES division(id);
