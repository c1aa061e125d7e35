-- muster schema 15: a corps leader whose grade seeks company (source 003's despicable corps
-- leader) is attached to one division leader of his corps until he is removed from play
-- (`muster leader attach`): attached_to is that division leader. Cleared when either falls.
ALTER TABLE leader ADD COLUMN attached_to INTEGER REFERENCES leader(id);
