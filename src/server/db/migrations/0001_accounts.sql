CREATE TABLE "captcha" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_identity" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"uid" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_login" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"uid" integer,
	"ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scan_login_status_ck" CHECK ("scan_login"."status" in ('pending', 'confirmed', 'refused', 'used'))
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_code" text NOT NULL,
	"phone" text NOT NULL,
	"type" text NOT NULL,
	"code_hash" text NOT NULL,
	"salt" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_identity" ADD CONSTRAINT "oauth_identity_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_login" ADD CONSTRAINT "scan_login_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captcha_expires_idx" ON "captcha" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_identity_uq" ON "oauth_identity" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "oauth_identity_uid_idx" ON "oauth_identity" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "rate_limit_hit_bucket_idx" ON "rate_limit_hit" USING btree ("bucket","at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_login_key_uq" ON "scan_login" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "scan_login_expires_idx" ON "scan_login" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("phone_code","phone","type","id");
