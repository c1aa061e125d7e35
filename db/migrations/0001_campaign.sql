-- muster schema 1: campaigns, their armies down to brigades and batteries, the stand ledger,
-- and the journal of operations and rolls.
-- The journal tables (operation, roll) are append-only and are not recorded for undo; every
-- other table is, so undo puts it back exactly as it was. No ON DELETE CASCADE: every
-- deletion is an explicit, recorded change (a cascade would hide rows from the changeset).

PRAGMA application_id = 1836413812;  -- 'mu' 'st' : marks a muster database

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE campaign (
  id           INTEGER PRIMARY KEY,
  name         TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
  rules_id     TEXT NOT NULL,
  rules_json   TEXT NOT NULL,                      -- the pinned copy of the rule set
  return_rate  INTEGER NOT NULL DEFAULT 50 CHECK (return_rate BETWEEN 0 AND 100),
  rounding     TEXT NOT NULL DEFAULT 'roll' CHECK (rounding IN ('down', 'half_up', 'roll')),
  despicable   TEXT NOT NULL DEFAULT 'expanded' CHECK (despicable IN ('expanded', 'book')),
  dice         TEXT NOT NULL DEFAULT 'seeded' CHECK (dice IN ('seeded', 'typed')),
  seed         INTEGER NOT NULL,                   -- 64-bit seed, stored as its signed bit pattern
  dice_counter INTEGER NOT NULL DEFAULT 0 CHECK (dice_counter >= 0),
  created_at   TEXT NOT NULL
);

CREATE TABLE leader (
  id           INTEGER PRIMARY KEY,
  campaign_id  INTEGER NOT NULL REFERENCES campaign(id),
  side         TEXT NOT NULL,
  name         TEXT NOT NULL DEFAULT '' CHECK (length(name) <= 200),
  rank         TEXT NOT NULL CHECK (rank IN ('brigadier', 'division', 'corps', 'army')),
  grade        TEXT NOT NULL,
  rolled_grade TEXT NOT NULL,
  status       TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'killed', 'wounded', 'captured'))
);

CREATE TABLE army (
  id           INTEGER PRIMARY KEY,
  campaign_id  INTEGER NOT NULL REFERENCES campaign(id),
  side         TEXT NOT NULL,
  name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  commander_id INTEGER REFERENCES leader(id),
  UNIQUE (campaign_id, name)
);

CREATE TABLE corps (
  id           INTEGER PRIMARY KEY,
  campaign_id  INTEGER NOT NULL REFERENCES campaign(id),
  army_id      INTEGER NOT NULL REFERENCES army(id),
  name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  commander_id INTEGER REFERENCES leader(id),
  UNIQUE (campaign_id, name)
);

CREATE TABLE division (
  id           INTEGER PRIMARY KEY,
  campaign_id  INTEGER NOT NULL REFERENCES campaign(id),
  corps_id     INTEGER NOT NULL REFERENCES corps(id),
  name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  arm          TEXT NOT NULL,
  status       TEXT NOT NULL DEFAULT 'placeholder' CHECK (status IN ('placeholder', 'arrived', 'entered')),
  hidden       INTEGER NOT NULL DEFAULT 1 CHECK (hidden IN (0, 1)),
  year         INTEGER,
  theater      TEXT,
  commander_id INTEGER REFERENCES leader(id),
  UNIQUE (campaign_id, name)
);

CREATE TABLE brigade (
  id           INTEGER PRIMARY KEY,
  campaign_id  INTEGER NOT NULL REFERENCES campaign(id),
  division_id  INTEGER NOT NULL REFERENCES division(id),
  position     INTEGER NOT NULL,                   -- order within the division
  name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  arm          TEXT NOT NULL,
  rating       TEXT NOT NULL,
  start_stands INTEGER NOT NULL CHECK (start_stands BETWEEN 1 AND 99),
  stands       INTEGER NOT NULL CHECK (stands BETWEEN 0 AND 999),
  worn_at      INTEGER CHECK (worn_at BETWEEN 0 AND 99),
  spent_at     INTEGER CHECK (spent_at BETWEEN 0 AND 99),
  commander_id INTEGER REFERENCES leader(id),
  UNIQUE (division_id, name)
);

-- A battery belongs to a division or to a corps' or an army's artillery reserve.
CREATE TABLE battery (
  id           INTEGER PRIMARY KEY,
  campaign_id  INTEGER NOT NULL REFERENCES campaign(id),
  division_id  INTEGER REFERENCES division(id),
  corps_id     INTEGER REFERENCES corps(id),
  army_id      INTEGER REFERENCES army(id),
  position     INTEGER NOT NULL,
  name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  status       TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'wrecked', 'captured')),
  CHECK ((division_id IS NOT NULL) + (corps_id IS NOT NULL) + (army_id IS NOT NULL) = 1)
);

-- The journal: one row per thing the organiser did. `changeset` (SQLite session extension)
-- holds the operation's changes to every other table; undo applies its inverse.
CREATE TABLE operation (
  id          INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaign(id),
  kind        TEXT NOT NULL,
  summary     TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  changeset   BLOB,
  undoes      INTEGER REFERENCES operation(id),
  undone_by   INTEGER REFERENCES operation(id)
);

-- Every roll, written before its result is applied; a discarded preview's rolls stay.
CREATE TABLE roll (
  id           INTEGER PRIMARY KEY,
  operation_id INTEGER NOT NULL REFERENCES operation(id),
  seq          INTEGER NOT NULL,
  purpose      TEXT NOT NULL,
  table_id     TEXT NOT NULL,
  dice         TEXT NOT NULL CHECK (dice IN ('d6', 'd10', '2d6', 'percentile')),
  faces        TEXT NOT NULL,
  reading      INTEGER NOT NULL CHECK (reading BETWEEN 1 AND 100),
  result       TEXT NOT NULL,
  source       TEXT NOT NULL CHECK (source IN ('seeded', 'typed')),
  status       TEXT NOT NULL CHECK (status IN ('applied', 'discarded')),
  UNIQUE (operation_id, seq)
);

-- The stand ledger: every change of a brigade's strength. For each brigade,
-- stands = SUM(moves.stands); `muster check` proves it.
CREATE TABLE move (
  id           INTEGER PRIMARY KEY,
  operation_id INTEGER NOT NULL REFERENCES operation(id),
  brigade_id   INTEGER NOT NULL REFERENCES brigade(id),
  kind         TEXT NOT NULL CHECK (kind IN ('generated', 'casualty', 'returned', 'captured', 'exchanged',
                                             'freed', 'disbanded', 'merged', 'edited')),
  stands       INTEGER NOT NULL CHECK (stands <> 0)
);

CREATE INDEX corps_by_army ON corps(army_id);
CREATE INDEX division_by_corps ON division(corps_id);
CREATE INDEX brigade_by_division ON brigade(division_id);
CREATE INDEX battery_by_division ON battery(division_id);
CREATE INDEX move_by_brigade ON move(brigade_id);
CREATE INDEX operation_by_campaign ON operation(campaign_id);
CREATE INDEX roll_by_operation ON roll(operation_id);
