-- muster schema 8: a campaign's batteries found by position, so a new battery's place (after
-- the campaign's last) is one index lookup, not a count of every battery: an import of
-- 33,000 divisions no longer grows with the square of its batteries. An index only.
CREATE INDEX battery_by_campaign_position ON battery(campaign_id, position);
