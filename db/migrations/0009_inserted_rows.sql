-- muster schema 9: the exact undo of an operation that only adds rows (an import) is the rows
-- it added, not a changeset of their every value: an import of 100,000 brigades recorded a
-- changeset of 34 MB that every later integrity check read again. `inserted` holds one line
-- per table, "TABLE FIRST LAST COUNT DIGEST": the rowids the operation added (all above the
-- table's largest before it), how many, and a 64-bit FNV-1a digest of their values as the
-- operation left them. Undo deletes them only if they are all still exactly so.
ALTER TABLE operation ADD COLUMN inserted TEXT CHECK (inserted IS NULL OR length(inserted) BETWEEN 1 AND 100000);
