-- muster schema 40: what an exchange weighed, in privates offered and asked, as the cartel weighed
-- it when the exchange was answered (accepted, refused or withdrawn): a settled exchange reads as
-- it was agreed, not re-weighed at the men a stand, or the ranks, of today. NULL: not weighed
-- then (no cartel, or no men a stand), or answered before muster kept it: weighed as it reads now.
ALTER TABLE exchange ADD COLUMN weighed_offer INTEGER CHECK (weighed_offer IS NULL OR weighed_offer BETWEEN 0 AND 2147483647);
ALTER TABLE exchange ADD COLUMN weighed_ask INTEGER CHECK (weighed_ask IS NULL OR weighed_ask BETWEEN 0 AND 2147483647);
