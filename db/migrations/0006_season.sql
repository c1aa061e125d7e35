-- muster schema 6: the campaign's clock (its turn, and how many days a turn lasts) and the
-- reinforcement schedule (the turn each division is due). Added tables and columns only.
ALTER TABLE campaign ADD COLUMN turn INTEGER NOT NULL DEFAULT 1 CHECK (turn BETWEEN 1 AND 100000);
ALTER TABLE campaign ADD COLUMN turn_days INTEGER CHECK (turn_days IS NULL OR turn_days BETWEEN 1 AND 366);
CREATE TABLE schedule (
  division_id INTEGER PRIMARY KEY REFERENCES division(id),
  turn        INTEGER NOT NULL CHECK (turn BETWEEN 1 AND 100000)
);
-- What a battle's summary shows: the stands each division engaged, and the leaders and
-- batteries lost there (their status may change later; what befell them there does not).
ALTER TABLE battle_division ADD COLUMN engaged INTEGER CHECK (engaged IS NULL OR engaged >= 0);
CREATE TABLE battle_fallen (
  battle_id INTEGER NOT NULL REFERENCES battle(id),
  leader_id INTEGER NOT NULL REFERENCES leader(id),
  fate      TEXT NOT NULL CHECK (fate IN ('killed', 'wounded', 'captured')),
  PRIMARY KEY (battle_id, leader_id)
);
CREATE TABLE battle_gun (
  battle_id  INTEGER NOT NULL REFERENCES battle(id),
  battery_id INTEGER NOT NULL REFERENCES battery(id),
  fate       TEXT NOT NULL CHECK (fate IN ('wrecked', 'captured')),
  PRIMARY KEY (battle_id, battery_id)
);
