-- muster schema 39: the date each past turn began, kept as it ends, so that a past turn's date is
-- what it was, not worked back from today's date and the turns' length, which the organiser may
-- have changed since (campaign set --date moves only the present turn's date). A turn that began
-- with no date keeps none. A file of before takes a past turn's date from its "Turn N begins:
-- DATE" entry that stands (a day of the calendar), the date it began with: a date set during it
-- (campaign set --date), which this muster keeps as the turn's, an earlier muster's file does
-- not say by turn. A turn with none there (the first) is worked back from the next turn whose
-- date is known.
CREATE TABLE turn_date (
  campaign_id INTEGER NOT NULL REFERENCES campaign(id),
  turn        INTEGER NOT NULL CHECK (turn BETWEEN 1 AND 100000),
  date        TEXT CHECK (date IS NULL OR (length(date) = 10 AND date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')),
  PRIMARY KEY (campaign_id, turn)
);
INSERT OR REPLACE INTO turn_date (campaign_id, turn, date)
SELECT o.campaign_id, CAST(substr(o.summary, 6, instr(o.summary, ' begins: ') - 6) AS INTEGER) AS turn,
       substr(o.summary, instr(o.summary, ' begins: ') + 9)
FROM operation o JOIN campaign c ON c.id = o.campaign_id
WHERE o.kind = 'turn' AND o.undone_by IS NULL AND
      o.summary GLOB 'Turn [1-9]* begins: [0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]' AND
      length(o.summary) - instr(o.summary, ' begins: ') = 18 AND
      date(julianday(substr(o.summary, instr(o.summary, ' begins: ') + 9))) IS substr(o.summary, instr(o.summary, ' begins: ') + 9) AND
      CAST(substr(o.summary, 6, instr(o.summary, ' begins: ') - 6) AS INTEGER) BETWEEN 1 AND c.turn - 1
ORDER BY o.id;
