-- muster schema 24: the player who made an operation through his link (`muster serve`), NULL
-- for the organiser's own. `muster undo` takes back a player's operation only when asked to:
-- the player was told it was made. The operation stays when the player is undone (undoing
-- `player add` comes after undoing his operations): it is then no one's.
ALTER TABLE operation ADD COLUMN player_id INTEGER REFERENCES player(id) ON DELETE SET NULL;
