-- Market quotes: EOIs and the clusters that pair a buyer's and a seller's EOI
-- (docs/decisions/120-market-quotes.md).
CREATE TABLE "clusters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"finstrument_id" text NOT NULL,
	"buyer_eoi_id" bigint NOT NULL,
	"seller_eoi_id" bigint NOT NULL,
	"buyer_client_id" text NOT NULL,
	"seller_client_id" text NOT NULL,
	"facilitator_client_id" text,
	"quantity" double precision NOT NULL,
	"buyer_price" double precision NOT NULL,
	"seller_price" double precision NOT NULL,
	"seller_spread" double precision DEFAULT 0 NOT NULL,
	"settlement_date" date NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "eois" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"finstrument_id" text NOT NULL,
	"client_id" text NOT NULL,
	"user_id" text NOT NULL,
	"quote_type" text NOT NULL,
	"quantum" double precision NOT NULL,
	"unit_price" double precision NOT NULL,
	"bond_yield" double precision,
	"fixed_field" text NOT NULL,
	"price_overridden" boolean DEFAULT false NOT NULL,
	"settlement_date" date NOT NULL,
	"settlement_delta" smallint,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'DEFAULT' NOT NULL,
	"source" text NOT NULL,
	"respond_eoi_id" bigint,
	"replaces" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_buyer_eoi_id_eois_id_fk" FOREIGN KEY ("buyer_eoi_id") REFERENCES "eois"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_seller_eoi_id_eois_id_fk" FOREIGN KEY ("seller_eoi_id") REFERENCES "eois"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_buyer_client_id_clients_id_fk" FOREIGN KEY ("buyer_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_seller_client_id_clients_id_fk" FOREIGN KEY ("seller_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_facilitator_client_id_clients_id_fk" FOREIGN KEY ("facilitator_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eois" ADD CONSTRAINT "eois_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eois" ADD CONSTRAINT "eois_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eois" ADD CONSTRAINT "eois_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clusters_buyer" ON "clusters" USING btree ("buyer_client_id","state");--> statement-breakpoint
CREATE INDEX "clusters_seller" ON "clusters" USING btree ("seller_client_id","state");--> statement-breakpoint
CREATE INDEX "clusters_facilitator" ON "clusters" USING btree ("facilitator_client_id","state");--> statement-breakpoint
CREATE INDEX "clusters_eois" ON "clusters" USING btree ("buyer_eoi_id","seller_eoi_id");--> statement-breakpoint
CREATE INDEX "eois_book" ON "eois" USING btree ("finstrument_id","quote_type","state","expires_at");--> statement-breakpoint
CREATE INDEX "eois_client" ON "eois" USING btree ("client_id","created_at");