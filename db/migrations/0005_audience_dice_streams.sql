-- muster schema 5: who may read each operation, a stream of seeded dice per audience and
-- subject, and the post a replaced leader held.
-- seen_by: '*' every side; '' the umpire only; else the side ids, sorted, comma-separated.
-- Operations journalled before it are the umpire's only: nothing is shown a side it might not see.
ALTER TABLE operation ADD COLUMN seen_by TEXT NOT NULL DEFAULT ''
  CHECK (seen_by = '*' OR seen_by NOT GLOB '*[^a-z0-9_,-]*');
-- Where each stream of dice stands: an audience ("union"), or an audience and the unit or
-- leader rolled for ("union|Heth"). A side's rolls for one division draw numbers that no other
-- division's rolls, the enemy's hidden ones least of all, can shift. Every side's stream
-- ('*') is campaign.dice_counter.
CREATE TABLE dice_stream (
  campaign_id INTEGER NOT NULL REFERENCES campaign(id),
  stream      TEXT NOT NULL CHECK (stream <> '*' AND length(stream) <= 1000),
  counter     INTEGER NOT NULL CHECK (counter >= 0),
  PRIMARY KEY (campaign_id, stream)
);
-- A leader replaced in command: the unit he commanded, as it was named then. He goes by it
-- ("former commander of Heth/1st Brigade"), never by a number every side's leaders share.
ALTER TABLE leader ADD COLUMN former_post TEXT CHECK (former_post IS NULL OR length(former_post) BETWEEN 1 AND 500);
