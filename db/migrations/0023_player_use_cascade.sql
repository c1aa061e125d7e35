-- muster schema 23: when a player's link was last used goes with the player. Undoing `player
-- add` after his link was used deleted a player his use still pointed at, and the undo was
-- refused as a change made outside muster's operations. The use stays outside undo (it records
-- the use, not a change of the campaign); a player undone takes it with him.
CREATE TABLE player_use_new (
  player_id    INTEGER PRIMARY KEY REFERENCES player(id) ON DELETE CASCADE,
  last_used    TEXT NOT NULL
);
INSERT INTO player_use_new (player_id, last_used) SELECT player_id, last_used FROM player_use;
DROP TABLE player_use;
ALTER TABLE player_use_new RENAME TO player_use;
