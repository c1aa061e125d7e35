-- muster schema 34: a brigade out of service (merged, disbanded, destroyed) is commanded by no
-- one, yet kept its commander's id when he was given another unit, so that he commanded two
-- (muster check failed, an order of battle named him on both, and its import made him twice).
-- Such a brigade lets go of a leader who commands a unit in service, or another brigade.
UPDATE brigade SET commander_id = NULL WHERE status <> 'active' AND commander_id IN (
  SELECT commander_id FROM army WHERE commander_id IS NOT NULL UNION ALL
  SELECT commander_id FROM corps WHERE commander_id IS NOT NULL UNION ALL
  SELECT commander_id FROM division WHERE commander_id IS NOT NULL UNION ALL
  SELECT b.commander_id FROM brigade b WHERE b.commander_id IS NOT NULL AND b.status = 'active' UNION ALL
  SELECT b.alternate_id FROM brigade b WHERE b.alternate_id IS NOT NULL AND b.status = 'active');
UPDATE brigade SET alternate_id = NULL WHERE status <> 'active' AND alternate_id IN (
  SELECT commander_id FROM army WHERE commander_id IS NOT NULL UNION ALL
  SELECT commander_id FROM corps WHERE commander_id IS NOT NULL UNION ALL
  SELECT commander_id FROM division WHERE commander_id IS NOT NULL UNION ALL
  SELECT b.commander_id FROM brigade b WHERE b.commander_id IS NOT NULL AND b.status = 'active' UNION ALL
  SELECT b.alternate_id FROM brigade b WHERE b.alternate_id IS NOT NULL AND b.status = 'active');
-- One commanding two brigades out of service only: the later of them keeps him.
UPDATE brigade SET commander_id = NULL WHERE status <> 'active' AND EXISTS (
  SELECT 1 FROM brigade o WHERE o.commander_id = brigade.commander_id AND o.status <> 'active' AND o.id > brigade.id);
