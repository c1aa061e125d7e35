-- muster schema 4: a campaign's date and theater of operations, which arrivals and the leader
-- table default to (so table 1 is rolled only when the organiser asks). Added columns only.
ALTER TABLE campaign ADD COLUMN date TEXT
  CHECK (date IS NULL OR (length(date) = 10 AND date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'));
ALTER TABLE campaign ADD COLUMN theater TEXT CHECK (theater IS NULL OR length(theater) BETWEEN 1 AND 100);
-- A division revealed while a placeholder: the other side has seen its name, and keeps seeing
-- it as a placeholder after it arrives (hidden again) until it is revealed once more.
ALTER TABLE division ADD COLUMN name_seen INTEGER NOT NULL DEFAULT 0 CHECK (name_seen IN (0, 1));
