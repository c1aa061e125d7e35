-- muster schema 11: what an arrival's preview was asked for, kept with the preview's journal
-- entry (like its rolls, outside the operation's changes): the division by id and the
-- request's fields, so accepting it compares them field by field, whatever the division is
-- called by then. Added table only.
CREATE TABLE preview (
  operation_id      INTEGER PRIMARY KEY REFERENCES operation(id),
  division_id       INTEGER NOT NULL,
  year              INTEGER CHECK (year IS NULL OR year BETWEEN 1 AND 9999),
  theater           TEXT CHECK (theater IS NULL OR length(theater) BETWEEN 1 AND 40),
  roll_year_theater INTEGER NOT NULL CHECK (roll_year_theater IN (0, 1)),
  typed_rolls       TEXT NOT NULL CHECK (length(typed_rolls) <= 100000)
);
CREATE INDEX preview_division ON preview (division_id);
