-- muster schema 3: units with extra command have a Main and an Alternate commander
-- (the AWI adaptation's British and Hessian battalions). Added column only.
ALTER TABLE brigade ADD COLUMN alternate_id INTEGER REFERENCES leader(id);
