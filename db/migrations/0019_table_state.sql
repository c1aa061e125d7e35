-- muster schema 19: the state of units on the table during a battle, carried in its draft
-- report: disordered, low on ammunition, a formation, a battery damaged or silenced, BROKEN,
-- removed from play. Each row is one change, by the roll or the organiser's word (operation)
-- that made it; a unit's state is its latest row for that state. Cleared with the draft.
CREATE TABLE draft_state (
  id           INTEGER PRIMARY KEY,
  campaign_id  INTEGER NOT NULL REFERENCES campaign(id),
  battle       TEXT NOT NULL CHECK (length(battle) BETWEEN 1 AND 200),
  operation_id INTEGER NOT NULL REFERENCES operation(id),
  brigade_id   INTEGER REFERENCES brigade(id),
  battery_id   INTEGER REFERENCES battery(id),
  state        TEXT NOT NULL CHECK (state IN ('disordered', 'low_ammo', 'formation', 'damaged', 'silenced', 'broken', 'off_field')),
  value        TEXT NOT NULL CHECK (length(value) BETWEEN 1 AND 40),
  why          TEXT NOT NULL CHECK (length(why) <= 4000),
  CHECK ((brigade_id IS NOT NULL) <> (battery_id IS NOT NULL))
);
CREATE INDEX draft_state_battle ON draft_state (campaign_id, battle);
