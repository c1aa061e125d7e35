-- muster schema 21: a corps' and an army's reserve batteries found by their owner, so that an
-- export read a division at a time (Rosters::walk_oob) finds each reserve with one index lookup.
-- Added indexes only.
CREATE INDEX battery_by_corps ON battery(corps_id);
CREATE INDEX battery_by_army ON battery(army_id);
