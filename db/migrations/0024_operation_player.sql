-- muster schema 24: the player who made an operation through his link (`muster serve`), NULL
-- for the organiser's own. `muster undo` takes back a player's operation only when asked to:
-- the player was told it was made. A plain id, not a foreign key: undoing `player add` (after
-- his operations) deletes his row and redoing it brings the same row back, and his operations
-- stay his through both.
ALTER TABLE operation ADD COLUMN player_id INTEGER;
