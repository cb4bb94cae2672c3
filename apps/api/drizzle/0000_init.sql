CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"ip" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "finstruments" (
	"id" text PRIMARY KEY NOT NULL,
	"isin" text NOT NULL,
	"display_name" text NOT NULL,
	"issuer" text NOT NULL,
	"security_type" text NOT NULL,
	"category" text NOT NULL,
	"coupon_rate" double precision,
	"frequency" smallint,
	"convention" text,
	"day_count" text,
	"maturity_date" date,
	"issue_date" date,
	"face_value" double precision NOT NULL,
	"face_value_assumed" boolean DEFAULT false NOT NULL,
	"rating" text,
	"security" text,
	"state" text,
	"is_listed" boolean DEFAULT true NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"is_floating_rate" boolean DEFAULT false NOT NULL,
	"can_be_priced" boolean DEFAULT false NOT NULL,
	"calls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"puts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nsdl_status" text,
	"source" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finstruments_isin_unique" UNIQUE("isin")
);
--> statement-breakpoint
CREATE INDEX "finstruments_search_trgm" ON "finstruments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "finstruments_issuer" ON "finstruments" USING btree ("issuer");--> statement-breakpoint
CREATE INDEX "finstruments_category" ON "finstruments" USING btree ("category");--> statement-breakpoint
CREATE INDEX "finstruments_maturity" ON "finstruments" USING btree ("maturity_date");--> statement-breakpoint
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
