-- muster schema 6: the campaign's clock (its turn, and how many days a turn lasts) and the
-- reinforcement schedule (the turn each division is due). Added tables and columns only.
ALTER TABLE campaign ADD COLUMN turn INTEGER NOT NULL DEFAULT 1 CHECK (turn BETWEEN 1 AND 100000);
ALTER TABLE campaign ADD COLUMN turn_days INTEGER CHECK (turn_days IS NULL OR turn_days BETWEEN 1 AND 366);
CREATE TABLE schedule (
  division_id INTEGER PRIMARY KEY REFERENCES division(id),
  turn        INTEGER NOT NULL CHECK (turn BETWEEN 1 AND 100000)
);
