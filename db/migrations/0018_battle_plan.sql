-- muster schema 18: a battle planned before it is fought. The ACW generation tables roll up the
-- divisions already on the battlefield before the battle (they may stay hidden from the enemy)
-- and the reserves off the table only when they arrive on the field. A plan is open until the
-- battle of its name is reported, which closes it (`battle_id`, the battle that was fought): it
-- stays as the battle's history. Each division in a plan is deployed on the field, in reserve
-- off it, or arrived from the reserve. Added tables only.
CREATE TABLE battle_plan (
  id           INTEGER PRIMARY KEY,
  campaign_id  INTEGER NOT NULL REFERENCES campaign(id),
  name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  date         TEXT,
  place        TEXT NOT NULL DEFAULT '' CHECK (length(place) <= 200),
  battle_id    INTEGER UNIQUE REFERENCES battle(id)
);
CREATE TABLE plan_division (
  id           INTEGER PRIMARY KEY,
  plan_id      INTEGER NOT NULL REFERENCES battle_plan(id),
  division_id  INTEGER NOT NULL REFERENCES division(id),
  role         TEXT NOT NULL CHECK (role IN ('deployed', 'reserve', 'arrived')),
  UNIQUE (plan_id, division_id)
);
CREATE INDEX plan_division_division ON plan_division (division_id);
