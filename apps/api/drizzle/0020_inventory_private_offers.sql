ALTER TABLE "inventory_offers" ALTER COLUMN "eoi_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_offers" ADD COLUMN "counterparty_user_ids" text[];