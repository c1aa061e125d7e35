-- muster schema 16: players at their own screens (`muster serve`). A player belongs to a
-- campaign and a side (or is the umpire, only if asked for) and is known by a secret link
-- whose token is stored only as its SHA-256 (64 hex digits); a revoked player's link is
-- dead. What a player sends the umpire (orders, a message) is a message of the turn, read by
-- the umpire and the sender's side. When a link was last used is kept apart (player_use),
-- outside undo: it records the use, not a change of the campaign.
CREATE TABLE player (
  id           INTEGER PRIMARY KEY,
  campaign_id  INTEGER NOT NULL REFERENCES campaign(id),
  name         TEXT NOT NULL,
  side         TEXT NOT NULL,
  umpire       INTEGER NOT NULL DEFAULT 0 CHECK (umpire IN (0, 1)),
  token_hash   TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
  revoked      INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1)),
  created_at   TEXT NOT NULL,
  UNIQUE (campaign_id, name)
);
CREATE TABLE player_use (
  player_id    INTEGER PRIMARY KEY REFERENCES player(id),
  last_used    TEXT NOT NULL
);
CREATE TABLE message (
  id           INTEGER PRIMARY KEY,
  campaign_id  INTEGER NOT NULL REFERENCES campaign(id),
  player_id    INTEGER NOT NULL REFERENCES player(id),
  side         TEXT NOT NULL,
  turn         INTEGER NOT NULL CHECK (turn BETWEEN 1 AND 100000),
  text         TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 4000),
  created_at   TEXT NOT NULL
);
