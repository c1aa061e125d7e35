-- muster schema 33: what a leader was before a fall a battle records, where he had fallen
-- already out of the enemy's sight (its fire struck him where he still stood for it): his
-- status, the battle his time out counted from, for how many battles, and whether by a roll in
-- no battle. A fall taken back out of the report gives it back; none (NULL): he was in play.
-- Added columns only.
ALTER TABLE battle_fallen ADD COLUMN prior_status TEXT CHECK (prior_status IS NULL OR prior_status IN ('wounded', 'killed', 'captured'));
ALTER TABLE battle_fallen ADD COLUMN prior_fell_in INTEGER REFERENCES battle(id);
ALTER TABLE battle_fallen ADD COLUMN prior_out_battles INTEGER CHECK (prior_out_battles IS NULL OR prior_out_battles BETWEEN 0 AND 100);
ALTER TABLE battle_fallen ADD COLUMN prior_by_roll INTEGER NOT NULL DEFAULT 0 CHECK (prior_by_roll IN (0, 1));
