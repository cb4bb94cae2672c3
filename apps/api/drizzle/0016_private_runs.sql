CREATE TABLE "private_run_cursors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_run_quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"channel_url" text NOT NULL,
	"message_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"line" smallint NOT NULL,
	"source" text NOT NULL,
	"sender_id" text NOT NULL,
	"sender_client_id" text NOT NULL,
	"status" text NOT NULL,
	"finstrument_id" text,
	"quote_type" text NOT NULL,
	"yield" double precision,
	"price" double precision,
	"quantum" double precision,
	"settlement_delta" smallint,
	"confidence" double precision NOT NULL,
	"auto" boolean NOT NULL,
	"doubts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"venue_rfq_id" bigint,
	"received_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_rfqs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"exchange" text NOT NULL,
	"venue_ref" text NOT NULL,
	"state" text NOT NULL,
	"initiator_client_id" text NOT NULL,
	"initiator_user_id" text NOT NULL,
	"responder_client_id" text NOT NULL,
	"finstrument_id" text NOT NULL,
	"quote_type" text NOT NULL,
	"quantum" double precision NOT NULL,
	"yield" double precision,
	"price" double precision,
	"settlement_date" date NOT NULL,
	"last_by" text NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ticket_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "venue_rfqs_venue_ref_unique" UNIQUE("venue_ref")
);
--> statement-breakpoint
ALTER TABLE "private_run_cursors" ADD CONSTRAINT "private_run_cursors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_run_quotes" ADD CONSTRAINT "private_run_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_run_quotes" ADD CONSTRAINT "private_run_quotes_channel_url_chat_channels_url_fk" FOREIGN KEY ("channel_url") REFERENCES "chat_channels"("url") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_run_quotes" ADD CONSTRAINT "private_run_quotes_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "chat_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_run_quotes" ADD CONSTRAINT "private_run_quotes_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_run_quotes" ADD CONSTRAINT "private_run_quotes_sender_client_id_clients_id_fk" FOREIGN KEY ("sender_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_run_quotes" ADD CONSTRAINT "private_run_quotes_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_run_quotes" ADD CONSTRAINT "private_run_quotes_venue_rfq_id_venue_rfqs_id_fk" FOREIGN KEY ("venue_rfq_id") REFERENCES "venue_rfqs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_rfqs" ADD CONSTRAINT "venue_rfqs_initiator_client_id_clients_id_fk" FOREIGN KEY ("initiator_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_rfqs" ADD CONSTRAINT "venue_rfqs_initiator_user_id_users_id_fk" FOREIGN KEY ("initiator_user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_rfqs" ADD CONSTRAINT "venue_rfqs_responder_client_id_clients_id_fk" FOREIGN KEY ("responder_client_id") REFERENCES "clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_rfqs" ADD CONSTRAINT "venue_rfqs_finstrument_id_finstruments_id_fk" FOREIGN KEY ("finstrument_id") REFERENCES "finstruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_rfqs" ADD CONSTRAINT "venue_rfqs_ticket_id_trade_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "trade_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "private_run_quotes_message" ON "private_run_quotes" USING btree ("user_id","message_id","position");--> statement-breakpoint
CREATE INDEX "private_run_quotes_user" ON "private_run_quotes" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "private_run_quotes_live" ON "private_run_quotes" USING btree ("user_id","received_at") WHERE "private_run_quotes"."status" <> 'dismissed';--> statement-breakpoint
CREATE INDEX "venue_rfqs_initiator" ON "venue_rfqs" USING btree ("initiator_client_id","updated_at");--> statement-breakpoint
CREATE INDEX "venue_rfqs_responder" ON "venue_rfqs" USING btree ("responder_client_id","updated_at");