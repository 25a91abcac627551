CREATE TABLE "group_data" (
	"group_data_id" serial PRIMARY KEY NOT NULL,
	"group_key" text NOT NULL,
	"value" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_keyword" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	CONSTRAINT "hot_keyword_keyword_unique" UNIQUE("keyword")
);
--> statement-breakpoint
CREATE TABLE "system_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"phone_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"sort" integer DEFAULT 1000 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"symbol" text NOT NULL,
	"sort" integer DEFAULT 1000 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "user_session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"uid" serial PRIMARY KEY NOT NULL,
	"phone_code" text NOT NULL,
	"phone" text NOT NULL,
	"nickname" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"pwd_hash" text,
	"is_open_member" boolean DEFAULT false NOT NULL,
	"is_money_level" integer DEFAULT 0 NOT NULL,
	"scope" text DEFAULT 'user' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart" (
	"cart_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_attr_unique" text NOT NULL,
	"cart_num" integer NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_pay" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_num_positive" CHECK ("cart"."cart_num" > 0)
);
--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_data_key_idx" ON "group_data" USING btree ("group_key","sort");--> statement-breakpoint
CREATE INDEX "country_sort_idx" ON "country" USING btree ("sort","code");--> statement-breakpoint
CREATE INDEX "currency_sort_idx" ON "currency" USING btree ("sort","code");--> statement-breakpoint
CREATE INDEX "user_session_uid_idx" ON "user_session" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone_code","phone");--> statement-breakpoint
CREATE INDEX "cart_uid_idx" ON "cart" USING btree ("uid","is_pay","is_new");