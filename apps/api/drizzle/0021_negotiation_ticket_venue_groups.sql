ALTER TABLE "rfq_negotiations" ADD COLUMN "ticket_id" bigint;--> statement-breakpoint
ALTER TABLE "venue_rfqs" ADD COLUMN "group_id" bigint;--> statement-breakpoint
ALTER TABLE "rfq_negotiations" ADD CONSTRAINT "rfq_negotiations_ticket_id_trade_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "trade_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_negotiations_ticket" ON "rfq_negotiations" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "venue_rfqs_group" ON "venue_rfqs" USING btree ("group_id");