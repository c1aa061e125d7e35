-- muster schema 22: the units a leader commands found from the leader, so that whether a name drawn
-- for a new leader is taken in what a side sees (Leaders::leader_name_taken) looks up the few
-- leaders of that name and their units, not every unit of the side. Added indexes only.
CREATE INDEX brigade_by_commander ON brigade(commander_id) WHERE commander_id IS NOT NULL;
CREATE INDEX brigade_by_alternate ON brigade(alternate_id) WHERE alternate_id IS NOT NULL;
CREATE INDEX division_by_commander ON division(commander_id) WHERE commander_id IS NOT NULL;
CREATE INDEX corps_by_commander ON corps(commander_id) WHERE commander_id IS NOT NULL;
CREATE INDEX army_by_commander ON army(commander_id) WHERE commander_id IS NOT NULL;
