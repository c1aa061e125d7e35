-- muster schema 39: the date each past turn began, kept as it ends, so that a past turn's date is
-- what it was, not worked back from today's date and the turns' length, which the organiser may
-- have changed since (campaign set --date moves only the present turn's date). A turn that began
-- with no date keeps none. A file of before takes a past turn's date from its "Turn N begins:
-- DATE" entry that stands (a day of the calendar), or where a date was set during the turn
-- (campaign set --date), which this muster keeps as the turn's, the last standing settings entry
-- of the turn that gives one. A turn with neither (the first, mostly) began a turn's length (as
-- the campaign has it now) before the next began; without a length, it is worked back from the
-- next turn whose date is known.
CREATE TABLE turn_date (
  campaign_id INTEGER NOT NULL REFERENCES campaign(id),
  turn        INTEGER NOT NULL CHECK (turn BETWEEN 1 AND 100000),
  date        TEXT CHECK (date IS NULL OR (length(date) = 10 AND date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')),
  PRIMARY KEY (campaign_id, turn)
);
-- Each standing beginning of a turn, its date where it gives a day of the calendar.
CREATE TEMP TABLE turn_begins AS
SELECT campaign_id, id, turn, CASE WHEN d GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]' AND date(julianday(d)) IS d THEN d END AS date
FROM (SELECT o.campaign_id, o.id, CAST(substr(o.summary, 6, instr(o.summary, ' begins') - 6) AS INTEGER) AS turn,
             CASE WHEN instr(o.summary, ' begins: ') > 0 THEN substr(o.summary, instr(o.summary, ' begins: ') + 9) END AS d
      FROM operation o WHERE o.kind = 'turn' AND o.undone_by IS NULL AND o.summary GLOB 'Turn [1-9]* begins*');
INSERT OR REPLACE INTO turn_date (campaign_id, turn, date)
SELECT b.campaign_id, b.turn, b.date FROM turn_begins b JOIN campaign c ON c.id = b.campaign_id
WHERE b.date IS NOT NULL AND b.turn BETWEEN 1 AND c.turn - 1 ORDER BY b.id;
-- The last date set during a past turn: the settings entry's "..., date YYYY-MM-DD, ...".
WITH set_during AS (
  SELECT b.campaign_id, b.turn - 1 AS turn,
         (SELECT substr(s.summary, instr(s.summary, ', date ') + 7, 10) FROM operation s
          WHERE s.campaign_id = b.campaign_id AND s.kind = 'settings' AND s.undone_by IS NULL AND s.id < b.id AND
                instr(s.summary, ', date ') > 0 AND
                s.id > COALESCE((SELECT max(p.id) FROM turn_begins p WHERE p.campaign_id = b.campaign_id AND p.turn = b.turn - 1 AND p.id < b.id), 0)
          ORDER BY s.id DESC LIMIT 1) AS date
  FROM turn_begins b JOIN campaign c ON c.id = b.campaign_id WHERE b.turn BETWEEN 2 AND c.turn)
INSERT OR REPLACE INTO turn_date (campaign_id, turn, date)
SELECT campaign_id, turn, date FROM set_during
WHERE date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]' AND date(julianday(date)) IS date;
-- A turn with neither: a turn's length before the next began.
INSERT OR IGNORE INTO turn_date (campaign_id, turn, date)
SELECT b.campaign_id, b.turn - 1, date(b.date, '-' || c.turn_days || ' days') FROM turn_begins b JOIN campaign c ON c.id = b.campaign_id
WHERE b.date IS NOT NULL AND c.turn_days IS NOT NULL AND b.turn BETWEEN 2 AND c.turn;
DROP TABLE turn_begins;
