-- muster schema 45: a camp's name is its side's own. Unique in the whole campaign, a side
-- opening a camp learnt of the enemy's it may not see (refused, the hidden camp's name said);
-- two sides may now each hold a camp of one name, told apart as `camp list` names them
-- ("Elmira (Union)"). The UNIQUE constraint changes only with the table made anew, with the same
-- columns (so the journal's older changes to it still undo); its rows are kept aside and put
-- back, and the prisoners' foreign keys, checked at the commit, find every camp they name.
PRAGMA defer_foreign_keys = ON;
CREATE TEMP TABLE camp_kept AS SELECT id, campaign_id, side, name, liberated FROM camp;
DROP TABLE camp;
CREATE TABLE camp (
  id          INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaign(id),
  side        TEXT NOT NULL,                     -- the captor
  name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  liberated   INTEGER NOT NULL DEFAULT 0 CHECK (liberated IN (0, 1)),
  UNIQUE (campaign_id, side, name)
);
INSERT INTO camp (id, campaign_id, side, name, liberated) SELECT id, campaign_id, side, name, liberated FROM camp_kept;
DROP TABLE camp_kept;
