CREATE TABLE "chat_message" (
	"service_log_id" serial PRIMARY KEY NOT NULL,
	"mer_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"send_type" smallint NOT NULL,
	"msn_type" smallint NOT NULL,
	"msn" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_send_type" CHECK ("chat_message"."send_type" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_conversation_idx" ON "chat_message" USING btree ("uid","mer_id","service_log_id");--> statement-breakpoint
CREATE INDEX "chat_message_desk_idx" ON "chat_message" USING btree ("mer_id","service_log_id");