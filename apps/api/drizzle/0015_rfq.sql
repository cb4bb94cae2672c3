CREATE TABLE "rfq_negotiation_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"negotiation_id" bigint NOT NULL,
	"client_id" text NOT NULL,
	"user_id" text NOT NULL,
	"quantum" double precision NOT NULL,
	"unit_price" double precision NOT NULL,
	"bond_yield" double precision,
	"fixed_field" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfq_negotiations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"eoi_id" bigint NOT NULL,
	"counter_eoi_id" bigint NOT NULL,
	"finstrument_id" text NOT NULL,
	"owner_client_id" text NOT NULL,
	"counterparty_client_id" text NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"deal_price" double precision,
	"deal_yield" double precision,
	"deal_quantum" double precision,
	"broker_client_id" text,
	"dealt_at" timestamp with time zone,
	"closed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "buyer_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "seller_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "buyer_exchange" text;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "seller_exchange" text;--> statement-breakpoint
ALTER TABLE "rfq_negotiation_entries" ADD CONSTRAINT "rfq_negotiation_entries_negotiation_id_rfq_negotiations_id_fk" FOREIGN KEY ("negotiation_id") REFERENCES "rfq_negotiations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_negotiation_entries" ADD CONSTRAINT "rfq_negotiation_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_negotiation_entries" ADD CONSTRAINT "rfq_negotiation_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_negotiations" ADD CONSTRAINT "rfq_negotiations_eoi_id_eois_id_fk" FOREIGN KEY ("eoi_id") REFERENCES "eois"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_negotiations" ADD CONSTRAINT "rfq_negotiations_counter_eoi_id_eois_id_fk" FOREIGN KEY ("counter_eoi_id") REFERENCES "eois"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_negotiations" ADD CONSTRAINT "rfq_negotiations_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_negotiations" ADD CONSTRAINT "rfq_negotiations_owner_client_id_clients_id_fk" FOREIGN KEY ("owner_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_negotiations" ADD CONSTRAINT "rfq_negotiations_counterparty_client_id_clients_id_fk" FOREIGN KEY ("counterparty_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_negotiations" ADD CONSTRAINT "rfq_negotiations_broker_client_id_clients_id_fk" FOREIGN KEY ("broker_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_negotiations" ADD CONSTRAINT "rfq_negotiations_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfq_negotiation_entries_thread" ON "rfq_negotiation_entries" USING btree ("negotiation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_negotiations_open" ON "rfq_negotiations" USING btree ("eoi_id","counterparty_client_id") WHERE "rfq_negotiations"."state" = 'OPEN';--> statement-breakpoint
CREATE INDEX "rfq_negotiations_owner" ON "rfq_negotiations" USING btree ("owner_client_id","state");--> statement-breakpoint
CREATE INDEX "rfq_negotiations_counterparty" ON "rfq_negotiations" USING btree ("counterparty_client_id","state");--> statement-breakpoint
CREATE INDEX "eois_expiry" ON "eois" USING btree ("state","expires_at");