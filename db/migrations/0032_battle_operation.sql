-- muster schema 32: the operation that recorded each battle, so that what a side had in service
-- just before it was fought is read from the stand ledger (the moves made before it), not worked
-- back from today through the battles' losses alone (which put a division that arrived later,
-- or prisoners sent home since, into the battles before). A battle of an earlier muster takes the
-- newest battle operation whose summary is its report's ("Battle of NAME: 2 divisions, ...": the
-- count after the name, so that "A" is not taken for "A: B"); one that none names keeps none.
ALTER TABLE battle ADD COLUMN operation_id INTEGER REFERENCES operation(id);
UPDATE battle SET operation_id = (
  SELECT MAX(o.id) FROM operation o WHERE o.campaign_id = battle.campaign_id AND o.kind = 'battle' AND
  substr(o.summary, 1, length('Battle of ' || battle.name || ': ')) = 'Battle of ' || battle.name || ': ' AND
  substr(o.summary, length('Battle of ' || battle.name || ': ') + 1, 1) BETWEEN '0' AND '9');
