-- muster schema 20: indexes for operations that read only the divisions they touch: a division
-- by its name (as a reference types it, ignoring case), and the leaders attached to another.
-- Added indexes only.
CREATE INDEX division_by_name ON division(campaign_id, name COLLATE NOCASE);
CREATE INDEX leader_by_attached ON leader(attached_to);
