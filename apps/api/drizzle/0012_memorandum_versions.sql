CREATE TABLE "information_memorandum_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"finstrument_id" text NOT NULL,
	"file_key" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text,
	"client_id" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "information_memoranda" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "information_memorandum_versions" ADD CONSTRAINT "information_memorandum_versions_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_memorandum_versions" ADD CONSTRAINT "information_memorandum_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_memorandum_versions" ADD CONSTRAINT "information_memorandum_versions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "information_memorandum_versions_bond" ON "information_memorandum_versions" USING btree ("finstrument_id","uploaded_at");--> statement-breakpoint
ALTER TABLE "information_memoranda" ADD CONSTRAINT "information_memoranda_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "information_memoranda" AS m SET "client_id" = u."client_id" FROM "users" AS u WHERE u."id" = m."uploaded_by";--> statement-breakpoint
INSERT INTO "information_memorandum_versions" ("finstrument_id", "file_key", "size", "sha256", "uploaded_by", "client_id", "uploaded_at") SELECT "finstrument_id", "file_key", "size", "sha256", "uploaded_by", "client_id", "uploaded_at" FROM "information_memoranda";
