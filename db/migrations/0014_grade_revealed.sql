-- muster schema 14: a leader's grade is his side's secret until revealed (`muster leader
-- reveal`): the enemy reads his name and his post, not his grade. Leaders stored before it
-- are unrevealed.
ALTER TABLE leader ADD COLUMN grade_revealed INTEGER NOT NULL DEFAULT 0 CHECK (grade_revealed IN (0, 1));
