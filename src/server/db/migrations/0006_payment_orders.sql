CREATE TABLE "merchant_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"mer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"payment_id" serial PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"uid" integer NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"provider" text NOT NULL,
	"pay_type" smallint NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"code_url" text DEFAULT '' NOT NULL,
	"provider_trade_no" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_out_trade_no_unique" UNIQUE("out_trade_no"),
	CONSTRAINT "payment_amount" CHECK ("payment"."amount" >= 0),
	CONSTRAINT "payment_status_known" CHECK ("payment"."status" in ('pending', 'paid', 'failed', 'refund_due')),
	CONSTRAINT "payment_subject_known" CHECK ("payment"."subject" in ('group', 'presell'))
);
--> statement-breakpoint
CREATE TABLE "payment_notification" (
	"notification_id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"out_trade_no" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"verified" smallint DEFAULT 0 NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presell_order" (
	"presell_order_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"mer_id" integer NOT NULL,
	"presell_order_sn" text NOT NULL,
	"pay_price" integer NOT NULL,
	"final_start_time" timestamp with time zone NOT NULL,
	"final_end_time" timestamp with time zone NOT NULL,
	"paid" smallint DEFAULT 0 NOT NULL,
	"pay_type" smallint,
	"pay_time" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presell_order_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "presell_order_presell_order_sn_unique" UNIQUE("presell_order_sn"),
	CONSTRAINT "presell_order_amount" CHECK ("presell_order"."pay_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "uid" integer;--> statement-breakpoint
ALTER TABLE "product_reply" ADD COLUMN "service_score" smallint;--> statement-breakpoint
ALTER TABLE "product_reply" ADD COLUMN "postage_score" smallint;--> statement-breakpoint
ALTER TABLE "product_reply" ADD COLUMN "order_product_id" integer;--> statement-breakpoint
ALTER TABLE "store_order" ADD COLUMN "delivery_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_order" ADD COLUMN "verify_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_order" ADD COLUMN "finish_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_order" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_token" ADD CONSTRAINT "merchant_token_mer_id_merchant_mer_id_fk" FOREIGN KEY ("mer_id") REFERENCES "public"."merchant"("mer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presell_order" ADD CONSTRAINT "presell_order_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_token_mer_idx" ON "merchant_token" USING btree ("mer_id");--> statement-breakpoint
CREATE INDEX "payment_subject_idx" ON "payment" USING btree ("subject","subject_id");--> statement-breakpoint
CREATE INDEX "payment_uid_idx" ON "payment" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "payment_notification_trade_idx" ON "payment_notification" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "presell_order_uid_idx" ON "presell_order" USING btree ("uid");--> statement-breakpoint
ALTER TABLE "product_reply" ADD CONSTRAINT "product_reply_order_product_id_unique" UNIQUE("order_product_id");