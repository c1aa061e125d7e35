-- muster schema 38: whether the enemy has ever read a division whole (revealed once it was no
-- longer a placeholder), hidden again since or not. What it read of it then (its brigades, their
-- commanders) it reads again once the division is revealed again, so nothing only a hidden doing
-- explains may change there meanwhile: a merge with a brigade of a division it never read, a
-- despicable commander replaced after a fall it did not see. A division it knows by name alone
-- (revealed as a placeholder) it has not read whole.
-- A file from before: a division read whole now is; one hidden again is taken as never read.
ALTER TABLE division ADD COLUMN seen_whole INTEGER NOT NULL DEFAULT 0 CHECK (seen_whole IN (0, 1));
UPDATE division SET seen_whole = 1 WHERE hidden = 0 AND status <> 'placeholder';
