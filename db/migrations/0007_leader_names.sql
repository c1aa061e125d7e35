-- muster schema 7: names drawn from muster's lists for the leaders the tables roll (a campaign
-- may turn it off), a division's nationality (rule sets that have nationalities), the start
-- strength an organiser relabelled a brigade for, and a side's leaders found by name (the
-- names already taken). Added columns and an index only.
ALTER TABLE campaign ADD COLUMN leader_names INTEGER NOT NULL DEFAULT 1 CHECK (leader_names IN (0, 1));
ALTER TABLE division ADD COLUMN nationality TEXT CHECK (nationality IS NULL OR length(nationality) BETWEEN 1 AND 200);
ALTER TABLE brigade ADD COLUMN labelled_for INTEGER CHECK (labelled_for IS NULL OR labelled_for >= 1);
CREATE INDEX leader_by_side_name ON leader(campaign_id, side, name);
