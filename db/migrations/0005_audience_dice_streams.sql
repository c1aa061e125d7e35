-- muster schema 5: who may read each operation, and a stream of seeded dice per audience.
-- seen_by: '*' every side; '' the umpire only; else the side ids, sorted, comma-separated.
-- Operations journalled before it are the umpire's only: nothing is shown a side it might not see.
ALTER TABLE operation ADD COLUMN seen_by TEXT NOT NULL DEFAULT ''
  CHECK (seen_by = '*' OR seen_by NOT GLOB '*[^a-z0-9_,-]*');
-- Where each audience's dice stand. Every side's own stream (its arrivals, its leaders) draws
-- numbers no other side's can shift; the '*' stream is campaign.dice_counter.
CREATE TABLE dice_stream (
  campaign_id INTEGER NOT NULL REFERENCES campaign(id),
  seen_by     TEXT NOT NULL CHECK (seen_by <> '*' AND seen_by NOT GLOB '*[^a-z0-9_,-]*'),
  counter     INTEGER NOT NULL CHECK (counter >= 0),
  PRIMARY KEY (campaign_id, seen_by)
);
