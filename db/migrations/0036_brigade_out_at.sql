-- muster schema 36: the operation that took a brigade out of service (disbanded, destroyed,
-- merged), so that what it holds since (its stands come home from a camp to wait there) is not
-- counted in service, as the turn report and the season's picture count stands. A file of
-- before takes it from the move that sent its stands away; one that had none to send (a
-- destroyed brigade, one disbanded with none), from its last move in service, which left it
-- none (it went out after it, holding none between): what came to it since (exchanged, freed,
-- merged away) waited there. One with no move at all had no stands to count.
ALTER TABLE brigade ADD COLUMN out_at INTEGER REFERENCES operation(id);
UPDATE brigade SET out_at = (SELECT MIN(m.operation_id) FROM move m WHERE m.brigade_id = brigade.id AND m.stands < 0 AND m.kind IN ('disbanded', 'merged'))
WHERE status IN ('disbanded', 'merged');
UPDATE brigade SET out_at = (SELECT MAX(m.operation_id) FROM move m WHERE m.brigade_id = brigade.id AND m.kind IN ('generated', 'casualty', 'returned', 'captured', 'edited'))
WHERE status <> 'active' AND out_at IS NULL;
