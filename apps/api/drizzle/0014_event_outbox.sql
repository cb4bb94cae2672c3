CREATE TABLE "event_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "event_outbox_unpublished" ON "event_outbox" USING btree ("id") WHERE "event_outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "event_outbox_published_at" ON "event_outbox" USING btree ("published_at");