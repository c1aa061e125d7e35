-- muster schema 25: what the captor calls a prisoner: the unit or leader as he was named when
-- taken ("Heth/1st Brigade", "Archer", "Heth/1st Battery"). The enemy may rename or replace
-- what he does not see; the camps keep the name they took him under, and so does an exchange
-- of him. NULL for rows of an earlier muster: they are called by the names the units have.
ALTER TABLE prisoner ADD COLUMN known_as TEXT CHECK (known_as IS NULL OR length(known_as) BETWEEN 1 AND 1000);
ALTER TABLE exchange_item ADD COLUMN known_as TEXT CHECK (known_as IS NULL OR length(known_as) BETWEEN 1 AND 1000);
