-- muster schema 30: a leader by his name ignoring case, so that a new leader's name is refused
-- where another bears it but for case ("longstreet" beside "Longstreet": no reference could tell
-- them apart) by an index lookup, not a scan of every leader. Added an index only.
CREATE INDEX leader_by_name ON leader(campaign_id, name COLLATE NOCASE);
