-- muster schema 31: a leader who fell to a casualty roll in no battle (L'Ordre Mixte's Fallen
-- Leaders table) is told apart from one who fell in a battle. His fell_in is the last battle
-- before the roll (his time out counts from it), but no enemy saw him fall there: his side's
-- to read, the enemy reads him in play. A fall in a battle has kept its battle_fallen row since
-- schema 6 (whose battles keep their stands engaged): a fallen leader with none there fell by roll.
ALTER TABLE leader ADD COLUMN fell_by_roll INTEGER NOT NULL DEFAULT 0 CHECK (fell_by_roll IN (0, 1));
UPDATE leader SET fell_by_roll = 1
WHERE status IN ('wounded', 'killed') AND fell_in IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM battle_fallen f WHERE f.battle_id = leader.fell_in AND f.leader_id = leader.id)
  AND EXISTS (SELECT 1 FROM battle_division bd WHERE bd.battle_id = leader.fell_in AND bd.engaged IS NOT NULL);
