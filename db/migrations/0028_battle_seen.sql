-- muster schema 28: whether the enemy saw each division in the battle it fought, as the battle
-- was recorded. What a side reads of a past battle (its summary, whether it knows the battle was
-- fought, a fallen leader's fall, a wounded leader's return) follows what it saw then: a
-- division revealed later does not tell what it did while hidden. Battles of an earlier muster
-- take the divisions' fog as it stands (the best this file still knows).
ALTER TABLE battle_division ADD COLUMN seen INTEGER NOT NULL DEFAULT 1 CHECK (seen IN (0, 1));
UPDATE battle_division SET seen = COALESCE((SELECT NOT d.hidden FROM division d WHERE d.id = battle_division.division_id), 1);
