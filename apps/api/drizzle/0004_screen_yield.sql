-- The last disclosed yield of a bond and its date, for the screener's yield column and sort
-- (docs/decisions/101-find-search-and-screener.md).
ALTER TABLE "finstruments" ADD COLUMN "indicative_yield" double precision;--> statement-breakpoint
ALTER TABLE "finstruments" ADD COLUMN "indicative_yield_as_of" date;