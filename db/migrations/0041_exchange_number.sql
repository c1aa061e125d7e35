-- muster schema 41: an exchange's number within its campaign, as its players read it and answer
-- it ("exchange #3"). The row's id counts every campaign's exchanges in the file: shown to a
-- side, it told the exchanges of the file's other campaigns. Exchanges made before keep their
-- id as their number, so what the journal said of them still reads true; a new one takes the
-- campaign's next.
ALTER TABLE exchange ADD COLUMN number INTEGER NOT NULL DEFAULT 0 CHECK (number BETWEEN 0 AND 2147483647);
UPDATE exchange SET number = id;
CREATE UNIQUE INDEX exchange_number ON exchange (campaign_id, number);
