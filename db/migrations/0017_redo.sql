-- muster schema 17: redo, steps of several operations, and the turn of a battle. `part_of` ties an operation to the
-- first of the step it was made in (a turn and the arrivals it brought, made together): undo
-- and redo take a step whole. An undo now records its own changes in `changeset`, so that a
-- redo (kind 'redo', `undoes` naming the operation it does again) applies them in reverse,
-- exactly, with the rolls first made. An undo that a redo reversed has `undone_by` set to it.
ALTER TABLE operation ADD COLUMN part_of INTEGER REFERENCES operation(id);

-- The turn a battle was fought on (the campaign's turn when it was reported), for the turn's
-- report. A battle of an earlier muster has none.
ALTER TABLE battle ADD COLUMN turn INTEGER CHECK (turn IS NULL OR turn BETWEEN 1 AND 100000);
