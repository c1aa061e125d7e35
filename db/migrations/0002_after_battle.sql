-- muster schema 2: battles and their losses, recovery, POW camps, prisoners, exchanges,
-- fallen leaders, and the fate of brigades. Only new tables and added columns, so the
-- changesets of operations recorded under schema 1 still apply (undo reaches them).

ALTER TABLE campaign ADD COLUMN men_per_stand INTEGER CHECK (men_per_stand BETWEEN 1 AND 10000);

ALTER TABLE brigade ADD COLUMN status TEXT NOT NULL DEFAULT 'active'
  CHECK (status IN ('active', 'destroyed', 'disbanded', 'merged'));

CREATE TABLE battle (
  id          INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaign(id),
  name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  date        TEXT NOT NULL DEFAULT '',
  place       TEXT NOT NULL DEFAULT '',
  recovered   INTEGER NOT NULL DEFAULT 0 CHECK (recovered IN (0, 1)),
  UNIQUE (campaign_id, name)
);

-- A wounded leader is out for `out_battles` battles counted from the one he fell in.
ALTER TABLE leader ADD COLUMN fell_in INTEGER REFERENCES battle(id);
ALTER TABLE leader ADD COLUMN out_battles INTEGER CHECK (out_battles BETWEEN 0 AND 100);

CREATE TABLE battle_division (
  battle_id   INTEGER NOT NULL REFERENCES battle(id),
  division_id INTEGER NOT NULL REFERENCES division(id),
  PRIMARY KEY (battle_id, division_id)
);

-- What each brigade lost in a battle, and what came back: returned <= casualties.
CREATE TABLE battle_loss (
  battle_id   INTEGER NOT NULL REFERENCES battle(id),
  brigade_id  INTEGER NOT NULL REFERENCES brigade(id),
  casualties  INTEGER NOT NULL CHECK (casualties >= 0),
  captured    INTEGER NOT NULL CHECK (captured >= 0),
  returned    INTEGER NOT NULL DEFAULT 0 CHECK (returned BETWEEN 0 AND casualties),
  PRIMARY KEY (battle_id, brigade_id)
);

CREATE TABLE camp (
  id          INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaign(id),
  side        TEXT NOT NULL,                     -- the captor
  name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  liberated   INTEGER NOT NULL DEFAULT 0 CHECK (liberated IN (0, 1)),
  UNIQUE (campaign_id, name)
);

-- Who a camp holds: stands of a brigade (a count), a leader, or a battery.
CREATE TABLE prisoner (
  id          INTEGER PRIMARY KEY,
  camp_id     INTEGER NOT NULL REFERENCES camp(id),
  brigade_id  INTEGER REFERENCES brigade(id),
  stands      INTEGER NOT NULL DEFAULT 0 CHECK (stands >= 0),
  leader_id   INTEGER REFERENCES leader(id),
  battery_id  INTEGER REFERENCES battery(id),
  CHECK ((brigade_id IS NOT NULL) + (leader_id IS NOT NULL) + (battery_id IS NOT NULL) = 1),
  CHECK ((brigade_id IS NULL) = (stands = 0)),
  UNIQUE (camp_id, brigade_id)
);

CREATE TABLE exchange (
  id          INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaign(id),
  proposer    TEXT NOT NULL,                     -- the side that proposed
  counterpart TEXT NOT NULL,                     -- the side that must accept or refuse
  status      TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'accepted', 'refused')),
  note        TEXT NOT NULL DEFAULT '',
  CHECK (proposer <> counterpart)
);

-- One line of a proposal: the proposer offers prisoners it holds, and asks for its own.
CREATE TABLE exchange_item (
  id          INTEGER PRIMARY KEY,
  exchange_id INTEGER NOT NULL REFERENCES exchange(id),
  direction   TEXT NOT NULL CHECK (direction IN ('offer', 'ask')),
  brigade_id  INTEGER REFERENCES brigade(id),
  stands      INTEGER NOT NULL DEFAULT 0 CHECK (stands >= 0),
  leader_id   INTEGER REFERENCES leader(id),
  battery_id  INTEGER REFERENCES battery(id),
  CHECK ((brigade_id IS NOT NULL) + (leader_id IS NOT NULL) + (battery_id IS NOT NULL) = 1),
  CHECK ((brigade_id IS NULL) = (stands = 0))
);

CREATE INDEX battle_loss_by_brigade ON battle_loss(brigade_id);
CREATE INDEX prisoner_by_brigade ON prisoner(brigade_id);
CREATE INDEX exchange_item_by_exchange ON exchange_item(exchange_id);
