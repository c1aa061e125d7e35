-- muster schema 37: what a fall a battle records was as the enemy read it then, so that nothing
-- done out of its sight since changes it: the leader's name (or post: "commander of Heth/1st
-- Brigade") when he fell, and for one above the divisions the corps or army he commanded, of
-- which the enemy must have seen a division there to read the fall. A file from before keeps
-- none for its falls (NULL: the leader's label now) and takes the unit from the command he holds
-- (one who holds none now: the enemy reads nothing of that fall).
-- Added columns only.
ALTER TABLE battle_fallen ADD COLUMN known_as TEXT CHECK (known_as IS NULL OR length(known_as) BETWEEN 1 AND 1000);
ALTER TABLE battle_fallen ADD COLUMN corps_id INTEGER REFERENCES corps(id);
ALTER TABLE battle_fallen ADD COLUMN army_id INTEGER REFERENCES army(id);
UPDATE battle_fallen SET
  corps_id = (SELECT k.id FROM corps k WHERE k.commander_id = battle_fallen.leader_id),
  army_id = (SELECT a.id FROM army a WHERE a.commander_id = battle_fallen.leader_id)
WHERE division_id IS NULL AND NOT EXISTS (SELECT 1 FROM brigade b WHERE b.alternate_id = battle_fallen.leader_id);
