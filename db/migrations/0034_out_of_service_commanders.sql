-- muster schema 34: a brigade out of service (merged, disbanded, destroyed) is commanded by no
-- one, yet kept its commander's and Alternate's ids, so that one given another unit since
-- commanded two (muster check failed, an order of battle named him on both, and its import made
-- him twice). Such a brigade lets go of them, as one going out of service now does; each keeps
-- it as his former post where he has none.
UPDATE leader SET former_post = (
  SELECT d.name || '/' || b.name FROM brigade b JOIN division d ON d.id = b.division_id
  WHERE b.status <> 'active' AND (b.commander_id = leader.id OR b.alternate_id = leader.id) ORDER BY b.id DESC LIMIT 1)
WHERE former_post IS NULL AND id IN (
  SELECT commander_id FROM brigade WHERE status <> 'active' UNION ALL SELECT alternate_id FROM brigade WHERE status <> 'active');
UPDATE brigade SET commander_id = NULL, alternate_id = NULL WHERE status <> 'active';
