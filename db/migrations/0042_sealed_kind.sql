-- muster schema 42: a journal entry's record of its changes is sealed with its kind as well (an
-- entry made another kind by hand is told), and every entry that keeps a record keeps one also
-- where it changed nothing, so that a record lost is told from an entry that changed nothing:
-- undo passed over both, and took back an older step in the place of one whose record was
-- blanked. The entries that keep none: a campaign's creation, an import (the rows it added
-- instead) and a redo. Records are sealed again as this muster seals them (muster_sealed).
UPDATE operation SET changeset = muster_sealed(changeset, id, campaign_id, kind)
  WHERE changeset IS NOT NULL OR (inserted IS NULL AND kind NOT IN ('create', 'import', 'redo'));
