-- muster schema 44: whether the enemy has read the casualties of a division return after a battle
-- it saw the division fight: at the recovery, the division then in its sight, or revealed since.
-- Hidden again later, the enemy still reads them so, as the rest of that battle; hidden at the
-- recovery and not revealed since, it never read them. A file from before: read where the
-- division is seen now (as muster showed it).
ALTER TABLE battle_division ADD COLUMN returns_read INTEGER NOT NULL DEFAULT 0 CHECK (returns_read IN (0, 1));
UPDATE battle_division SET returns_read = 1 WHERE seen = 1 AND battle_id IN (SELECT id FROM battle WHERE recovered = 1)
  AND division_id IN (SELECT id FROM division WHERE hidden = 0);
-- A division's battles found by the division (a reveal marks its returns read; a rename asks
-- whether the enemy saw it fight): without it, each scanned every battle's divisions.
CREATE INDEX battle_division_by_division ON battle_division (division_id);
