-- muster schema 43: what a recovery, a Fallen Leaders roll or a new commander's roll was rolled
-- for, kept with its journal entry (applied or a preview; like the rolls, outside the
-- operation's changes): the battle, the leader or the post, by id ("battle 12"). Done for real,
-- such a roll must throw what its subject's preview since the last one done showed, as an
-- arrival must (the preview table): no quiet re-roll with other dice. Added table only.
CREATE TABLE rolled_for (
  operation_id INTEGER PRIMARY KEY REFERENCES operation(id),
  subject      TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 100)
);
CREATE INDEX rolled_for_subject ON rolled_for (subject);
