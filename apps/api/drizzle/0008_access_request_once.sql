-- One open access request per user and feature (docs/decisions/086-one-open-access-request.md).
ALTER TABLE "support_tickets" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- Requests filed twice before this rule: the first stays open, the later ones close as duplicates.
UPDATE "support_tickets" AS "later" SET "closed_at" = "later"."created_at"
WHERE "later"."ticket_type_id" = 4 AND "later"."user_id" IS NOT NULL AND EXISTS (
	SELECT 1 FROM "support_tickets" AS "first"
	WHERE "first"."ticket_type_id" = 4 AND "first"."user_id" = "later"."user_id"
		AND ("first"."attributes" ->> 'form_type') = ("later"."attributes" ->> 'form_type')
		AND "first"."id" < "later"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_open_access_request" ON "support_tickets" USING btree ("user_id","ticket_type_id",("attributes" ->> 'form_type')) WHERE "support_tickets"."closed_at" IS NULL AND "support_tickets"."ticket_type_id" = 4 AND "support_tickets"."user_id" IS NOT NULL;