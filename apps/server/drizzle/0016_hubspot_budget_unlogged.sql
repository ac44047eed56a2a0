-- The HubSpot call window is coordination state for the next 10.5 s, not a record: an unlogged
-- table writes no WAL, so the take before every HubSpot call commits without waiting for a flush
-- to disk. A crash empties it, which the portal's 10 s window has forgotten by the restart anyway
-- (decision 044).
ALTER TABLE "hubspot_budget" SET UNLOGGED;
