-- muster schema 10: the draft battle report the table side fills. Each play-table roll made
-- in a campaign for a battle adds the losses, captures and fates its result gives, one line
-- each, with the roll that gave it; the organiser reviews the draft and applies it as the
-- battle's report, which clears it. An 'engaged' line marks a unit rolled for that lost
-- nothing: its division fought all the same. Added table only.
CREATE TABLE draft_line (
  id           INTEGER PRIMARY KEY,
  campaign_id  INTEGER NOT NULL REFERENCES campaign(id),
  battle       TEXT NOT NULL CHECK (length(battle) BETWEEN 1 AND 200),
  operation_id INTEGER NOT NULL REFERENCES operation(id),
  kind         TEXT NOT NULL CHECK (kind IN ('engaged', 'lost', 'captured', 'leader', 'battery')),
  brigade_id   INTEGER REFERENCES brigade(id),
  leader_id    INTEGER REFERENCES leader(id),
  battery_id   INTEGER REFERENCES battery(id),
  stands       INTEGER NOT NULL DEFAULT 0 CHECK (stands BETWEEN 0 AND 1000),
  fate         TEXT CHECK (fate IS NULL OR fate IN ('killed', 'wounded', 'captured', 'wrecked')),
  why          TEXT NOT NULL CHECK (length(why) <= 4000),
  CHECK ((kind = 'engaged' AND (brigade_id IS NOT NULL) <> (battery_id IS NOT NULL) AND stands = 0 AND fate IS NULL) OR
         (kind IN ('lost', 'captured') AND brigade_id IS NOT NULL AND stands > 0 AND fate IS NULL) OR
         (kind = 'leader' AND leader_id IS NOT NULL AND fate IN ('killed', 'wounded', 'captured')) OR
         (kind = 'battery' AND battery_id IS NOT NULL AND fate IN ('wrecked', 'captured')))
);
CREATE INDEX draft_line_battle ON draft_line (campaign_id, battle);
