-- muster schema 36: the operation that took a brigade out of service (disbanded, destroyed,
-- merged), so that what it holds since (its stands come home from a camp to wait there) is not
-- counted in service, as the turn report counts stands at a turn's beginning and end. A file
-- of before takes it from the move that sent its stands away (a destroyed brigade, which had
-- none, has no such move: it counts as out of service all along).
ALTER TABLE brigade ADD COLUMN out_at INTEGER REFERENCES operation(id);
UPDATE brigade SET out_at = (SELECT MIN(m.operation_id) FROM move m WHERE m.brigade_id = brigade.id AND m.stands < 0 AND m.kind IN ('disbanded', 'merged'))
WHERE status <> 'active';
