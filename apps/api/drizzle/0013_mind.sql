CREATE TABLE "mind_chats" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"public_id" text,
	"shared_at" timestamp with time zone,
	"share_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mind_chats_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "mind_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"seq" bigserial NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mind_chats" ADD CONSTRAINT "mind_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mind_messages" ADD CONSTRAINT "mind_messages_chat_id_mind_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "mind_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mind_chats_user" ON "mind_chats" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "mind_messages_chat" ON "mind_messages" USING btree ("chat_id","seq");