-- muster schema 12: a placeholder division's commander, known by name before it arrives (the
-- division is called after him): its rolled commander takes the name, not one drawn from
-- muster's lists. Added column only.
ALTER TABLE division ADD COLUMN leader_name TEXT CHECK (leader_name IS NULL OR length(leader_name) BETWEEN 1 AND 200);
