CREATE TABLE "user_address" (
	"address_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"real_name" text NOT NULL,
	"phone" text NOT NULL,
	"country" text DEFAULT 'CN' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city_id" integer DEFAULT 0 NOT NULL,
	"province_id" integer DEFAULT 0 NOT NULL,
	"area" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"post_code" text DEFAULT '' NOT NULL,
	"detail" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_template" (
	"shipping_template_id" serial PRIMARY KEY NOT NULL,
	"mer_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"free_price" integer DEFAULT 0 NOT NULL,
	"undelivered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "shipping_template_type_known" CHECK ("shipping_template"."type" in (1, 2) and "shipping_template"."free_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_template_region" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipping_template_id" integer NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first" numeric(10, 2) NOT NULL,
	"first_price" integer NOT NULL,
	"continue" numeric(10, 2) NOT NULL,
	"continue_price" integer NOT NULL,
	CONSTRAINT "shipping_template_region_amounts" CHECK ("shipping_template_region"."first" > 0 and "shipping_template_region"."continue" > 0 and "shipping_template_region"."first_price" >= 0 and "shipping_template_region"."continue_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_key" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"group_order_id" integer,
	"pay_price" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_group_order" (
	"group_order_id" serial PRIMARY KEY NOT NULL,
	"group_order_sn" text NOT NULL,
	"uid" integer NOT NULL,
	"total_num" integer NOT NULL,
	"total_price" integer NOT NULL,
	"total_postage" integer DEFAULT 0 NOT NULL,
	"coupon_price" integer DEFAULT 0 NOT NULL,
	"platform_coupon_price" integer DEFAULT 0 NOT NULL,
	"svip_discount" integer DEFAULT 0 NOT NULL,
	"integral" integer DEFAULT 0 NOT NULL,
	"integral_price" integer DEFAULT 0 NOT NULL,
	"pay_price" integer NOT NULL,
	"receiver" jsonb NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"pay_type" smallint,
	"pay_time" timestamp with time zone,
	"is_cancel" boolean DEFAULT false NOT NULL,
	"cancel_time" timestamp with time zone NOT NULL,
	"is_del" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_group_order_group_order_sn_unique" UNIQUE("group_order_sn"),
	CONSTRAINT "store_group_order_amounts" CHECK ("store_group_order"."total_price" >= 0 and "store_group_order"."total_postage" >= 0 and "store_group_order"."coupon_price" >= 0 and "store_group_order"."integral" >= 0 and "store_group_order"."integral_price" >= 0 and "store_group_order"."pay_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_order" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"order_sn" text NOT NULL,
	"group_order_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"mer_id" integer NOT NULL,
	"order_type" smallint DEFAULT 0 NOT NULL,
	"activity_type" smallint DEFAULT 0 NOT NULL,
	"total_num" integer NOT NULL,
	"total_price" integer NOT NULL,
	"total_postage" integer DEFAULT 0 NOT NULL,
	"coupon_price" integer DEFAULT 0 NOT NULL,
	"platform_coupon_price" integer DEFAULT 0 NOT NULL,
	"svip_discount" integer DEFAULT 0 NOT NULL,
	"integral" integer DEFAULT 0 NOT NULL,
	"integral_price" integer DEFAULT 0 NOT NULL,
	"pay_price" integer NOT NULL,
	"receiver" jsonb NOT NULL,
	"mark" text DEFAULT '' NOT NULL,
	"receipt" jsonb,
	"status" smallint DEFAULT 0 NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"pay_type" smallint,
	"pay_time" timestamp with time zone,
	"delivery_type" smallint,
	"delivery_name" text DEFAULT '' NOT NULL,
	"delivery_id" text DEFAULT '' NOT NULL,
	"delivery_time" timestamp with time zone,
	"take_time" timestamp with time zone,
	"verify_code" text DEFAULT '' NOT NULL,
	"is_del" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_order_order_sn_unique" UNIQUE("order_sn"),
	CONSTRAINT "store_order_amounts" CHECK ("store_order"."total_price" >= 0 and "store_order"."total_postage" >= 0 and "store_order"."coupon_price" >= 0 and "store_order"."integral_price" >= 0 and "store_order"."pay_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_order_product" (
	"order_product_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_attr_unique" text NOT NULL,
	"product_type" smallint DEFAULT 0 NOT NULL,
	"cart_id" integer,
	"product_num" integer NOT NULL,
	"product_price" integer NOT NULL,
	"total_price" integer NOT NULL,
	"coupon_price" integer DEFAULT 0 NOT NULL,
	"svip_discount" integer DEFAULT 0 NOT NULL,
	"integral_price" integer DEFAULT 0 NOT NULL,
	"postage_price" integer DEFAULT 0 NOT NULL,
	"pay_price" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"refund_num" integer NOT NULL,
	"is_refund" smallint DEFAULT 0 NOT NULL,
	"is_reply" boolean DEFAULT false NOT NULL,
	CONSTRAINT "store_order_product_amounts" CHECK ("store_order_product"."product_num" > 0 and "store_order_product"."pay_price" >= 0 and "store_order_product"."refund_num" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_order_status" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"group_order_id" integer NOT NULL,
	"change_type" text NOT NULL,
	"change_message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_bill" (
	"bill_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"pm" smallint NOT NULL,
	"number" integer NOT NULL,
	"balance" integer NOT NULL,
	"link_id" text NOT NULL,
	"title" text NOT NULL,
	"mark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_bill_amounts" CHECK ("user_bill"."number" > 0 and "user_bill"."pm" in (0, 1) and "user_bill"."category" in ('now_money', 'integral'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "now_money" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "integral" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "allow_take" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "take_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "take_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "take_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "temp_id" integer;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "refund_switch" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_user" ADD COLUMN "group_order_id" integer;--> statement-breakpoint
ALTER TABLE "user_address" ADD CONSTRAINT "user_address_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_template" ADD CONSTRAINT "shipping_template_mer_id_merchant_mer_id_fk" FOREIGN KEY ("mer_id") REFERENCES "public"."merchant"("mer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_template_region" ADD CONSTRAINT "shipping_template_region_shipping_template_id_shipping_template_shipping_template_id_fk" FOREIGN KEY ("shipping_template_id") REFERENCES "public"."shipping_template"("shipping_template_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_key" ADD CONSTRAINT "order_key_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_group_order" ADD CONSTRAINT "store_group_order_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order" ADD CONSTRAINT "store_order_group_order_id_store_group_order_group_order_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."store_group_order"("group_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order" ADD CONSTRAINT "store_order_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order" ADD CONSTRAINT "store_order_mer_id_merchant_mer_id_fk" FOREIGN KEY ("mer_id") REFERENCES "public"."merchant"("mer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_product" ADD CONSTRAINT "store_order_product_order_id_store_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_order"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bill" ADD CONSTRAINT "user_bill_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_address_uid_idx" ON "user_address" USING btree ("uid","is_default");--> statement-breakpoint
CREATE INDEX "shipping_template_mer_idx" ON "shipping_template" USING btree ("mer_id");--> statement-breakpoint
CREATE INDEX "shipping_template_region_tpl_idx" ON "shipping_template_region" USING btree ("shipping_template_id");--> statement-breakpoint
CREATE INDEX "order_key_expires_idx" ON "order_key" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "store_group_order_uid_idx" ON "store_group_order" USING btree ("uid","paid","is_cancel");--> statement-breakpoint
CREATE INDEX "store_order_group_idx" ON "store_order" USING btree ("group_order_id");--> statement-breakpoint
CREATE INDEX "store_order_uid_idx" ON "store_order" USING btree ("uid","paid","status");--> statement-breakpoint
CREATE INDEX "store_order_mer_idx" ON "store_order" USING btree ("mer_id","paid","status");--> statement-breakpoint
CREATE INDEX "store_order_product_order_idx" ON "store_order_product" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "store_order_product_uid_idx" ON "store_order_product" USING btree ("uid","product_id");--> statement-breakpoint
CREATE INDEX "store_order_status_order_idx" ON "store_order_status" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "store_order_status_group_idx" ON "store_order_status" USING btree ("group_order_id");--> statement-breakpoint
CREATE INDEX "user_bill_uid_idx" ON "user_bill" USING btree ("uid","category","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_bill_once_uq" ON "user_bill" USING btree ("uid","category","type","link_id");--> statement-breakpoint
CREATE INDEX "coupon_user_group_order_idx" ON "coupon_user" USING btree ("group_order_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_wallet_nonneg" CHECK ("users"."now_money" >= 0 and "users"."integral" >= 0);