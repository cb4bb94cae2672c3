CREATE TABLE "inventory_confirmations" (
	"client_id" text NOT NULL,
	"date" date NOT NULL,
	"confirmed_by" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_confirmations_client_id_date_pk" PRIMARY KEY("client_id","date")
);
--> statement-breakpoint
CREATE TABLE "inventory_costs" (
	"client_id" text NOT NULL,
	"book" text NOT NULL,
	"finstrument_id" text NOT NULL,
	"cost_clean_price" double precision NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_costs_client_id_book_finstrument_id_pk" PRIMARY KEY("client_id","book","finstrument_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"book" text NOT NULL,
	"finstrument_id" text NOT NULL,
	"side" text NOT NULL,
	"face_value" bigint NOT NULL,
	"clean_price" double precision NOT NULL,
	"bond_yield" double precision,
	"trade_date" date NOT NULL,
	"settlement_date" date NOT NULL,
	"accrued_per_100" double precision,
	"principal_paise" bigint,
	"accrued_paise" bigint,
	"consideration_paise" bigint,
	"counterparty_client_id" text,
	"counterparty_name" text,
	"exchange" text,
	"upload_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"book" text NOT NULL,
	"finstrument_id" text NOT NULL,
	"eoi_id" bigint NOT NULL,
	"face_value" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_confirmations" ADD CONSTRAINT "inventory_confirmations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_confirmations" ADD CONSTRAINT "inventory_confirmations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_costs" ADD CONSTRAINT "inventory_costs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_costs" ADD CONSTRAINT "inventory_costs_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_costs" ADD CONSTRAINT "inventory_costs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD CONSTRAINT "inventory_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD CONSTRAINT "inventory_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD CONSTRAINT "inventory_entries_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD CONSTRAINT "inventory_entries_counterparty_client_id_clients_id_fk" FOREIGN KEY ("counterparty_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD CONSTRAINT "inventory_entries_upload_id_inventory_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "inventory_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_offers" ADD CONSTRAINT "inventory_offers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_offers" ADD CONSTRAINT "inventory_offers_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_offers" ADD CONSTRAINT "inventory_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_uploads" ADD CONSTRAINT "inventory_uploads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_uploads" ADD CONSTRAINT "inventory_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_entries_client" ON "inventory_entries" USING btree ("client_id","finstrument_id","book");--> statement-breakpoint
CREATE INDEX "inventory_entries_settlement" ON "inventory_entries" USING btree ("client_id","settlement_date");--> statement-breakpoint
CREATE INDEX "inventory_offers_client" ON "inventory_offers" USING btree ("client_id","expires_at");