-- The chat service: channels, members, bans, messages, files, each user's event sequence, chat
-- session tokens and presence (docs/decisions/160-chat-service.md).
CREATE TABLE "chat_bans" (
	"channel_url" text NOT NULL,
	"user_id" text NOT NULL,
	"banned_by" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_bans_channel_url_user_id_pk" PRIMARY KEY("channel_url","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_channels" (
	"url" text PRIMARY KEY NOT NULL,
	"custom_type" text NOT NULL,
	"name" text DEFAULT 'Group Channel' NOT NULL,
	"is_distinct" boolean DEFAULT false NOT NULL,
	"distinct_key" text,
	"creator_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_channels_distinct_key_unique" UNIQUE("distinct_key")
);
--> statement-breakpoint
CREATE TABLE "chat_events" (
	"user_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_events_user_id_seq_pk" PRIMARY KEY("user_id","seq")
);
--> statement-breakpoint
CREATE TABLE "chat_files" (
	"id" text PRIMARY KEY NOT NULL,
	"channel_url" text NOT NULL,
	"uploader_id" text NOT NULL,
	"file_key" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_members" (
	"channel_url" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'none' NOT NULL,
	"state" text NOT NULL,
	"inviter_id" text,
	"invited_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_delivered_message_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_members_channel_url_user_id_pk" PRIMARY KEY("channel_url","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_url" text NOT NULL,
	"sender_id" text,
	"recipient_id" text,
	"message_type" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"custom_type" text DEFAULT '' NOT NULL,
	"data" text DEFAULT '' NOT NULL,
	"req_id" text,
	"file_id" text,
	"origin_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_presence" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sequences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"auth_session_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_bans" ADD CONSTRAINT "chat_bans_channel_url_chat_channels_url_fk" FOREIGN KEY ("channel_url") REFERENCES "chat_channels"("url") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bans" ADD CONSTRAINT "chat_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bans" ADD CONSTRAINT "chat_bans_banned_by_users_id_fk" FOREIGN KEY ("banned_by") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_channel_url_chat_channels_url_fk" FOREIGN KEY ("channel_url") REFERENCES "chat_channels"("url") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_channel_url_chat_channels_url_fk" FOREIGN KEY ("channel_url") REFERENCES "chat_channels"("url") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_channel_url_chat_channels_url_fk" FOREIGN KEY ("channel_url") REFERENCES "chat_channels"("url") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_file_id_chat_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "chat_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_presence" ADD CONSTRAINT "chat_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sequences" ADD CONSTRAINT "chat_sequences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_channels_activity" ON "chat_channels" USING btree (coalesce("last_message_at", "created_at"));--> statement-breakpoint
CREATE INDEX "chat_events_time" ON "chat_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chat_members_user" ON "chat_members" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "chat_messages_channel" ON "chat_messages" USING btree ("channel_url","id");--> statement-breakpoint
CREATE INDEX "chat_messages_channel_time" ON "chat_messages" USING btree ("channel_url","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_sender_req" ON "chat_messages" USING btree ("sender_id","req_id");--> statement-breakpoint
CREATE INDEX "chat_sessions_user" ON "chat_sessions" USING btree ("user_id","auth_session_id");