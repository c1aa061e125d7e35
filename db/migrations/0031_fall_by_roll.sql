-- muster schema 31: a leader who fell to a casualty roll in no battle (L'Ordre Mixte's Fallen
-- Leaders table) is told apart from one who fell in a battle. His fell_in is the last battle
-- before the roll (his time out counts from it), but no enemy saw him fall there: his side's
-- to read, the enemy reads him in play. Added a column only; earlier falls were all in battle
-- but for such rolls, which this file cannot tell apart any more and reads as before.
ALTER TABLE leader ADD COLUMN fell_by_roll INTEGER NOT NULL DEFAULT 0 CHECK (fell_by_roll IN (0, 1));
