-- muster schema 27: the rate and rounding a battle's casualties returned at, kept with the battle
-- when they return, so that amending its losses later returns them as its recovery did, not
-- at whatever the campaign's rate is by then. NULL: not recovered, or recovered by an earlier
-- muster (amended at the campaign's rate, as before).
ALTER TABLE battle ADD COLUMN return_rate INTEGER CHECK (return_rate IS NULL OR return_rate BETWEEN 0 AND 100);
ALTER TABLE battle ADD COLUMN return_rounding TEXT CHECK (return_rounding IS NULL OR return_rounding IN ('down', 'half_up', 'roll'));
