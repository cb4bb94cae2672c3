CREATE TABLE "client_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"user_name" text,
	"client_name" text,
	"url" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"component_stack" text,
	"source" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "helpdesk" text DEFAULT 'embedded' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "forward_error" text;--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_uploads" ADD CONSTRAINT "support_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_errors_created" ON "client_errors" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_client" ON "support_tickets" USING btree ("client_id","created_at");--> statement-breakpoint
UPDATE "support_tickets" SET "client_id" = "users"."client_id" FROM "users" WHERE "support_tickets"."user_id" = "users"."id";