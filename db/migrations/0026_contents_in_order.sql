-- muster schema 26: a division's brigades and batteries found in the order they are listed
-- (position, then id), so that reading an order of battle walks the index instead of sorting
-- each division's rows. Replaces the indexes on the division alone, which these cover.
DROP INDEX brigade_by_division;
DROP INDEX battery_by_division;
CREATE INDEX brigade_by_division ON brigade(division_id, position);
CREATE INDEX battery_by_division ON battery(division_id, position);
