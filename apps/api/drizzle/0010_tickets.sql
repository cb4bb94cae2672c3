CREATE TABLE "custodians" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"status" smallint,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "trade_ticket_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "trade_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"finstrument_id" text NOT NULL,
	"initiator_client_id" text NOT NULL,
	"initiator_user_id" text NOT NULL,
	"counterparty_client_id" text NOT NULL,
	"counterparty_user_id" text,
	"initiator_side" text NOT NULL,
	"quantum" bigint NOT NULL,
	"clean_price" double precision NOT NULL,
	"bond_yield" double precision,
	"fixed_field" text NOT NULL,
	"settlement_date" date NOT NULL,
	"trade_date" date NOT NULL,
	"trade_time" text NOT NULL,
	"traded_at" timestamp with time zone NOT NULL,
	"exchange" text NOT NULL,
	"accrued_per_100" double precision NOT NULL,
	"principal_paise" bigint NOT NULL,
	"accrued_paise" bigint NOT NULL,
	"consideration_paise" bigint NOT NULL,
	"stamp_duty_paise" bigint NOT NULL,
	"brokerage_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"custodian_id" text,
	"initiator_custodian_id" text,
	"channel_url" text,
	"message_id" bigint,
	"quote_text" text,
	"broker_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seller_client_id" text,
	"report_status" text DEFAULT 'not_reported' NOT NULL,
	"report_reference" text,
	"report_reason" text,
	"reported_at" timestamp with time zone,
	"report_due_at" timestamp with time zone NOT NULL,
	"overdue_flagged_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ticket_events" ADD CONSTRAINT "trade_ticket_events_ticket_id_trade_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "trade_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ticket_events" ADD CONSTRAINT "trade_ticket_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_tickets" ADD CONSTRAINT "trade_tickets_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_tickets" ADD CONSTRAINT "trade_tickets_initiator_client_id_clients_id_fk" FOREIGN KEY ("initiator_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_tickets" ADD CONSTRAINT "trade_tickets_initiator_user_id_users_id_fk" FOREIGN KEY ("initiator_user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_tickets" ADD CONSTRAINT "trade_tickets_counterparty_client_id_clients_id_fk" FOREIGN KEY ("counterparty_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_tickets" ADD CONSTRAINT "trade_tickets_counterparty_user_id_users_id_fk" FOREIGN KEY ("counterparty_user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_tickets" ADD CONSTRAINT "trade_tickets_custodian_id_custodians_id_fk" FOREIGN KEY ("custodian_id") REFERENCES "custodians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_tickets" ADD CONSTRAINT "trade_tickets_initiator_custodian_id_custodians_id_fk" FOREIGN KEY ("initiator_custodian_id") REFERENCES "custodians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_tickets" ADD CONSTRAINT "trade_tickets_seller_client_id_clients_id_fk" FOREIGN KEY ("seller_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_ticket_events_ticket" ON "trade_ticket_events" USING btree ("ticket_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_tickets_from_message" ON "trade_tickets" USING btree ("initiator_client_id","channel_url","message_id") WHERE "trade_tickets"."message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "trade_tickets_initiator" ON "trade_tickets" USING btree ("initiator_client_id","updated_at");--> statement-breakpoint
CREATE INDEX "trade_tickets_counterparty" ON "trade_tickets" USING btree ("counterparty_client_id","updated_at");--> statement-breakpoint
CREATE INDEX "trade_tickets_due" ON "trade_tickets" USING btree ("report_due_at") WHERE "trade_tickets"."report_status" <> 'confirmed';--> statement-breakpoint
-- The audit log's hash chain (docs/decisions/222-audit-hash-chain.md): each entry's hash covers the
-- previous entry's hash and its own fields, so an entry edited or removed behind the append-only
-- trigger's back breaks the chain at that point.
CREATE FUNCTION audit_log_entry_hash(prev text, id bigint, at timestamptz, actor text, action text, ip text, detail jsonb)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws(chr(31),
    coalesce(prev, ''), id::text, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
    coalesce(actor, ''), action, coalesce(ip, ''), coalesce(detail::text, '')), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE last text;
BEGIN
  -- One writer at a time extends the chain (held to the end of the transaction), and the id is
  -- taken under the lock, so ids follow the chain's order.
  PERFORM pg_advisory_xact_lock(727210220);
  NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
  SELECT hash INTO last FROM audit_log ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := last;
  NEW.hash := audit_log_entry_hash(last, NEW.id, NEW.at, NEW.actor_user_id, NEW.action, NEW.ip, NEW.detail);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Entries written before the chain are chained now, in order (the one time the log is rewritten).
ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete;
--> statement-breakpoint
DO $$
DECLARE r record; last text := NULL;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    UPDATE audit_log SET prev_hash = last,
      hash = audit_log_entry_hash(last, r.id, r.at, r.actor_user_id, r.action, r.ip, r.detail)
    WHERE id = r.id RETURNING hash INTO last;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
-- Custodians registered with SEBI (sebi.gov.in, Intermediaries: Custodians), names as registered;
-- reference data, present in every mode (docs/decisions/221-tickets-and-orders-api.md).
INSERT INTO "custodians" ("id", "name") VALUES
  ('axis-bank', 'Axis Bank Limited'),
  ('bnp-paribas', 'BNP Paribas'),
  ('citibank', 'Citibank N.A.'),
  ('dbs-bank-india', 'DBS Bank India Limited'),
  ('deutsche-bank', 'Deutsche Bank AG'),
  ('hdfc-bank', 'HDFC Bank Limited'),
  ('hsbc', 'The Hongkong and Shanghai Banking Corporation Limited'),
  ('icici-bank', 'ICICI Bank Limited'),
  ('ilfs-securities-services', 'IL&FS Securities Services Limited'),
  ('jpmorgan-chase-bank', 'JPMorgan Chase Bank N.A.'),
  ('kotak-mahindra-bank', 'Kotak Mahindra Bank Limited'),
  ('nuvama-custodial', 'Nuvama Custodial Services Limited'),
  ('orbis-financial', 'Orbis Financial Corporation Limited'),
  ('sbi-sg-global', 'SBI-SG Global Securities Services Private Limited'),
  ('standard-chartered', 'Standard Chartered Bank'),
  ('stock-holding-corporation', 'Stock Holding Corporation of India Limited');
