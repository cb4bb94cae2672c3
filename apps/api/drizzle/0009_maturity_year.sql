-- The year a bond matures, also where only the year is known (old loans named "GS 2022"), so
-- such a bond shows as matured once its year is past (docs/decisions/110-search-ranks-what-can-be-traded.md).
ALTER TABLE "finstruments" ADD COLUMN "maturity_year" smallint;