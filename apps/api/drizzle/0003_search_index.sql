-- The trigram index without a pending list (fastupdate off): it changes only on a universe import,
-- and every search would otherwise scan the unmerged entries (docs/decisions/060-storage-and-search.md).
DROP INDEX "finstruments_search_trgm";--> statement-breakpoint
CREATE INDEX "finstruments_search_trgm" ON "finstruments" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);