CREATE TABLE "refund_order" (
	"refund_order_id" serial PRIMARY KEY NOT NULL,
	"refund_order_sn" text NOT NULL,
	"order_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"mer_id" integer NOT NULL,
	"apply_type" smallint NOT NULL,
	"refund_type" smallint NOT NULL,
	"refund_num" integer NOT NULL,
	"refund_price" integer NOT NULL,
	"refund_message" text NOT NULL,
	"mark" text DEFAULT '' NOT NULL,
	"pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"status_time" timestamp with time zone DEFAULT now() NOT NULL,
	"fail_message" text DEFAULT '' NOT NULL,
	"mer_delivery_user" text DEFAULT '' NOT NULL,
	"mer_delivery_phone" text DEFAULT '' NOT NULL,
	"mer_delivery_address" text DEFAULT '' NOT NULL,
	"delivery_type" text DEFAULT '' NOT NULL,
	"delivery_id" text DEFAULT '' NOT NULL,
	"delivery_phone" text DEFAULT '' NOT NULL,
	"delivery_time" timestamp with time zone,
	"money_state" text DEFAULT 'none' NOT NULL,
	"refund_channel" text DEFAULT '' NOT NULL,
	"provider_refund_no" text DEFAULT '' NOT NULL,
	"money_error" text DEFAULT '' NOT NULL,
	"refunded_at" timestamp with time zone,
	"is_del" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_order_refund_order_sn_unique" UNIQUE("refund_order_sn"),
	CONSTRAINT "refund_order_amounts" CHECK ("refund_order"."refund_num" > 0 and "refund_order"."refund_price" >= 0),
	CONSTRAINT "refund_order_money_state" CHECK ("refund_order"."money_state" in ('none', 'pending', 'retrying', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "refund_product" (
	"refund_product_id" serial PRIMARY KEY NOT NULL,
	"refund_order_id" integer NOT NULL,
	"order_product_id" integer NOT NULL,
	"refund_num" integer NOT NULL,
	"refund_price" integer NOT NULL,
	CONSTRAINT "refund_product_amounts" CHECK ("refund_product"."refund_num" > 0 and "refund_product"."refund_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "refund_order" ADD CONSTRAINT "refund_order_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_product" ADD CONSTRAINT "refund_product_refund_order_id_refund_order_refund_order_id_fk" FOREIGN KEY ("refund_order_id") REFERENCES "public"."refund_order"("refund_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_order_uid_idx" ON "refund_order" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "refund_order_mer_idx" ON "refund_order" USING btree ("mer_id","status");--> statement-breakpoint
CREATE INDEX "refund_order_order_idx" ON "refund_order" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refund_product_refund_idx" ON "refund_product" USING btree ("refund_order_id");--> statement-breakpoint
CREATE INDEX "refund_product_item_idx" ON "refund_product" USING btree ("order_product_id");