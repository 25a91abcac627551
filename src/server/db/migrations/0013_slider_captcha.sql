CREATE TABLE "slider_captcha" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"secret_key" text NOT NULL,
	"x" integer NOT NULL,
	"checked_at" timestamp with time zone,
	"verification_hash" text,
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slider_captcha_verification_hash_unique" UNIQUE("verification_hash")
);
--> statement-breakpoint
CREATE INDEX "slider_captcha_expires_idx" ON "slider_captcha" USING btree ("expires_at");