CREATE TABLE "chat_whatsapp_fetches" (
	"message_id" text PRIMARY KEY NOT NULL,
	"channel_url" text NOT NULL,
	"from" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"media_id" text NOT NULL,
	"sha256" text,
	"caption" text,
	"file_name" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_whatsapp_fetches" ADD CONSTRAINT "chat_whatsapp_fetches_channel_url_chat_channels_url_fk" FOREIGN KEY ("channel_url") REFERENCES "chat_channels"("url") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_whatsapp_fetches_due" ON "chat_whatsapp_fetches" USING btree ("next_at");