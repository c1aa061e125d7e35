-- muster schema 35: a proposal its proposer takes back is withdrawn, not refused. The status
-- column's CHECK takes the word only with the table made anew, with the same columns (so the
-- journal's older changes to it still undo). Its rows are kept aside and put back: the foreign
-- keys of its items, checked at the commit, find every exchange they name.
PRAGMA defer_foreign_keys = ON;
CREATE TEMP TABLE exchange_kept AS SELECT id, campaign_id, proposer, counterpart, status, note FROM exchange;
DROP TABLE exchange;
CREATE TABLE exchange (
  id          INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaign(id),
  proposer    TEXT NOT NULL,                     -- the side that proposed, and may withdraw it
  counterpart TEXT NOT NULL,                     -- the side that must accept or refuse
  status      TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'accepted', 'refused', 'withdrawn')),
  note        TEXT NOT NULL DEFAULT '',
  CHECK (proposer <> counterpart)
);
INSERT INTO exchange (id, campaign_id, proposer, counterpart, status, note) SELECT id, campaign_id, proposer, counterpart, status, note FROM exchange_kept;
DROP TABLE exchange_kept;
