ALTER TABLE "chat_channels" ADD COLUMN "whatsapp_number" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "og_meta_data" jsonb;--> statement-breakpoint
CREATE INDEX "chat_messages_sender_time" ON "chat_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_whatsapp_number_unique" UNIQUE("whatsapp_number");