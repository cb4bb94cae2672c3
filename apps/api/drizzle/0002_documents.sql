CREATE TABLE "credit_rationales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"finstrument_id" text NOT NULL,
	"agency" text NOT NULL,
	"rating" text NOT NULL,
	"rated_on" date NOT NULL,
	"summary" text NOT NULL,
	"source_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "information_memoranda" (
	"finstrument_id" text PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"finstrument_id" text NOT NULL,
	"traded_at" timestamp with time zone NOT NULL,
	"clean_price" double precision NOT NULL,
	"bond_yield" double precision,
	"quantity" double precision NOT NULL,
	"face_value" double precision NOT NULL,
	"venue" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_rationales" ADD CONSTRAINT "credit_rationales_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_memoranda" ADD CONSTRAINT "information_memoranda_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_memoranda" ADD CONSTRAINT "information_memoranda_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_rationales_finstrument" ON "credit_rationales" USING btree ("finstrument_id","rated_on");--> statement-breakpoint
CREATE INDEX "trades_finstrument_time" ON "trades" USING btree ("finstrument_id","traded_at");