CREATE TABLE "merchant" (
	"mer_id" serial PRIMARY KEY NOT NULL,
	"mer_name" text NOT NULL,
	"mer_avatar" text DEFAULT '' NOT NULL,
	"mer_banner" text DEFAULT '' NOT NULL,
	"banners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mer_info" text DEFAULT '' NOT NULL,
	"mer_keyword" text DEFAULT '' NOT NULL,
	"is_trader" boolean DEFAULT false NOT NULL,
	"mer_type_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"product_score" numeric(2, 1) DEFAULT '5.0' NOT NULL,
	"service_score" numeric(2, 1) DEFAULT '5.0' NOT NULL,
	"postage_score" numeric(2, 1) DEFAULT '5.0' NOT NULL,
	"care_count" integer DEFAULT 0 NOT NULL,
	"service_phone" text DEFAULT '' NOT NULL,
	"services_type" smallint DEFAULT 0 NOT NULL,
	"mer_address" text DEFAULT '' NOT NULL,
	"is_best" boolean DEFAULT false NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"licence_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_care_count_nonneg" CHECK ("merchant"."care_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "merchant_category" (
	"merchant_category_id" serial PRIMARY KEY NOT NULL,
	"category_name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_shop_category" (
	"mer_cate_id" integer PRIMARY KEY NOT NULL,
	"mer_id" integer NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"cate_name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_type" (
	"mer_type_id" serial PRIMARY KEY NOT NULL,
	"type_name" text NOT NULL,
	"type_info" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand" (
	"brand_id" serial PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_category" (
	"brand_id" integer NOT NULL,
	"store_category_id" integer NOT NULL,
	CONSTRAINT "brand_category_brand_id_store_category_id_pk" PRIMARY KEY("brand_id","store_category_id")
);
--> statement-breakpoint
CREATE TABLE "price_rule" (
	"price_rule_id" serial PRIMARY KEY NOT NULL,
	"store_category_id" integer NOT NULL,
	"rule_name" text NOT NULL,
	"content" text NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	CONSTRAINT "price_rule_store_category_id_unique" UNIQUE("store_category_id")
);
--> statement-breakpoint
CREATE TABLE "store_category" (
	"store_category_id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"cate_name" text NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	CONSTRAINT "store_category_level" CHECK ("store_category"."level" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "parameter" (
	"parameter_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"product_id" serial PRIMARY KEY NOT NULL,
	"mer_id" integer NOT NULL,
	"store_name" text NOT NULL,
	"store_info" text DEFAULT '' NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"slider_image" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cate_id" integer NOT NULL,
	"brand_id" integer,
	"unit_name" text DEFAULT '件' NOT NULL,
	"price" integer NOT NULL,
	"ot_price" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"rate" numeric(2, 1) DEFAULT '5.0' NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_best" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_good" boolean DEFAULT false NOT NULL,
	"product_type" smallint DEFAULT 0 NOT NULL,
	"once_min_count" integer DEFAULT 0 NOT NULL,
	"once_max_count" integer DEFAULT 0 NOT NULL,
	"delivery_free" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"search_tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"filter_tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_nonneg" CHECK ("product"."stock" >= 0),
	CONSTRAINT "product_price_nonneg" CHECK ("product"."price" >= 0 and "product"."ot_price" >= 0),
	CONSTRAINT "product_type_known" CHECK ("product"."product_type" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "product_attr" (
	"product_id" integer NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"attr_name" text NOT NULL,
	"attr_values" jsonb NOT NULL,
	CONSTRAINT "product_attr_product_id_sort_pk" PRIMARY KEY("product_id","sort")
);
--> statement-breakpoint
CREATE TABLE "product_content" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"content" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_parameter_value" (
	"product_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"value" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_parameter_value_product_id_parameter_id_pk" PRIMARY KEY("product_id","parameter_id")
);
--> statement-breakpoint
CREATE TABLE "product_shop_category" (
	"mer_cate_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_shop_category_mer_cate_id_product_id_pk" PRIMARY KEY("mer_cate_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_sku" (
	"unique" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"price" integer NOT NULL,
	"ot_price" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"down_price" integer DEFAULT 0 NOT NULL,
	"bar_code" text DEFAULT '' NOT NULL,
	"weight" numeric(10, 2) DEFAULT '0' NOT NULL,
	"volume" numeric(10, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "product_sku_stock_nonneg" CHECK ("product_sku"."stock" >= 0),
	CONSTRAINT "product_sku_price_nonneg" CHECK ("product_sku"."price" >= 0 and "product_sku"."ot_price" >= 0 and "product_sku"."down_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon" (
	"coupon_id" serial PRIMARY KEY NOT NULL,
	"mer_id" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"type" smallint NOT NULL,
	"coupon_price" integer NOT NULL,
	"use_min_price" integer DEFAULT 0 NOT NULL,
	"coupon_type" smallint NOT NULL,
	"coupon_time" integer DEFAULT 0 NOT NULL,
	"use_start_time" timestamp with time zone,
	"use_end_time" timestamp with time zone,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"is_limited" boolean DEFAULT false NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"remain_count" integer DEFAULT 0 NOT NULL,
	"user_limit" integer DEFAULT 1 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_remain_nonneg" CHECK ("coupon"."remain_count" >= 0),
	CONSTRAINT "coupon_type_known" CHECK ("coupon"."type" in (0, 1, 10, 11, 12) and "coupon"."coupon_type" in (0, 1)),
	CONSTRAINT "coupon_amounts" CHECK ("coupon"."coupon_price" > 0 and "coupon"."use_min_price" >= 0 and "coupon"."user_limit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "coupon_category" (
	"coupon_id" integer NOT NULL,
	"store_category_id" integer NOT NULL,
	CONSTRAINT "coupon_category_coupon_id_store_category_id_pk" PRIMARY KEY("coupon_id","store_category_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_merchant" (
	"coupon_id" integer NOT NULL,
	"mer_id" integer NOT NULL,
	CONSTRAINT "coupon_merchant_coupon_id_mer_id_pk" PRIMARY KEY("coupon_id","mer_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_product" (
	"coupon_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "coupon_product_coupon_id_product_id_pk" PRIMARY KEY("coupon_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_user" (
	"coupon_user_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"mer_id" integer DEFAULT 0 NOT NULL,
	"coupon_title" text NOT NULL,
	"coupon_price" integer NOT NULL,
	"use_min_price" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"use_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presell" (
	"product_presell_id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"origin_product_id" integer NOT NULL,
	"store_name" text NOT NULL,
	"presell_type" smallint NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"final_start_time" timestamp with time zone,
	"final_end_time" timestamp with time zone,
	"delivery_type" smallint DEFAULT 1 NOT NULL,
	"delivery_day" integer DEFAULT 7 NOT NULL,
	"pay_count" integer DEFAULT 0 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presell_product_id_unique" UNIQUE("product_id"),
	CONSTRAINT "presell_type_known" CHECK ("presell"."presell_type" in (1, 2) and "presell"."start_time" < "presell"."end_time")
);
--> statement-breakpoint
CREATE TABLE "seckill_product" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"origin_product_id" integer NOT NULL,
	"seckill_time_id" integer NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"once_pay_count" integer DEFAULT 1 NOT NULL,
	"all_pay_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seckill_time" (
	"seckill_time_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"start_time" smallint NOT NULL,
	"end_time" smallint NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	CONSTRAINT "seckill_time_hours" CHECK ("seckill_time"."start_time" >= 0 and "seckill_time"."end_time" <= 24 and "seckill_time"."start_time" < "seckill_time"."end_time")
);
--> statement-breakpoint
CREATE TABLE "arrival_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"product_id" integer NOT NULL,
	"unique" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rate" (
	"currency_code" text PRIMARY KEY NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"rate_date" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"media_id" text PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"body" text,
	"bytes" "bytea",
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_has_body" CHECK ("media"."body" is not null or "media"."bytes" is not null)
);
--> statement-breakpoint
CREATE TABLE "product_reply" (
	"reply_id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"uid" integer,
	"nickname" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"rate" smallint NOT NULL,
	"comment" text NOT NULL,
	"pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"merchant_reply_content" text,
	"merchant_reply_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reply_rate" CHECK ("product_reply"."rate" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "relation" (
	"relation_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"type" smallint NOT NULL,
	"type_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant" ADD CONSTRAINT "merchant_mer_type_id_merchant_type_mer_type_id_fk" FOREIGN KEY ("mer_type_id") REFERENCES "public"."merchant_type"("mer_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant" ADD CONSTRAINT "merchant_category_id_merchant_category_merchant_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."merchant_category"("merchant_category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_shop_category" ADD CONSTRAINT "merchant_shop_category_mer_id_merchant_mer_id_fk" FOREIGN KEY ("mer_id") REFERENCES "public"."merchant"("mer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_category" ADD CONSTRAINT "brand_category_brand_id_brand_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("brand_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_category" ADD CONSTRAINT "brand_category_store_category_id_store_category_store_category_id_fk" FOREIGN KEY ("store_category_id") REFERENCES "public"."store_category"("store_category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_mer_id_merchant_mer_id_fk" FOREIGN KEY ("mer_id") REFERENCES "public"."merchant"("mer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_cate_id_store_category_store_category_id_fk" FOREIGN KEY ("cate_id") REFERENCES "public"."store_category"("store_category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_brand_id_brand_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("brand_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attr" ADD CONSTRAINT "product_attr_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_content" ADD CONSTRAINT "product_content_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_parameter_value" ADD CONSTRAINT "product_parameter_value_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_parameter_value" ADD CONSTRAINT "product_parameter_value_parameter_id_parameter_parameter_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameter"("parameter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_shop_category" ADD CONSTRAINT "product_shop_category_mer_cate_id_merchant_shop_category_mer_cate_id_fk" FOREIGN KEY ("mer_cate_id") REFERENCES "public"."merchant_shop_category"("mer_cate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_shop_category" ADD CONSTRAINT "product_shop_category_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sku" ADD CONSTRAINT "product_sku_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_category" ADD CONSTRAINT "coupon_category_coupon_id_coupon_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("coupon_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_category" ADD CONSTRAINT "coupon_category_store_category_id_store_category_store_category_id_fk" FOREIGN KEY ("store_category_id") REFERENCES "public"."store_category"("store_category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_merchant" ADD CONSTRAINT "coupon_merchant_coupon_id_coupon_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("coupon_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_merchant" ADD CONSTRAINT "coupon_merchant_mer_id_merchant_mer_id_fk" FOREIGN KEY ("mer_id") REFERENCES "public"."merchant"("mer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_product" ADD CONSTRAINT "coupon_product_coupon_id_coupon_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("coupon_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_product" ADD CONSTRAINT "coupon_product_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_user" ADD CONSTRAINT "coupon_user_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_user" ADD CONSTRAINT "coupon_user_coupon_id_coupon_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("coupon_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presell" ADD CONSTRAINT "presell_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presell" ADD CONSTRAINT "presell_origin_product_id_product_product_id_fk" FOREIGN KEY ("origin_product_id") REFERENCES "public"."product"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_product" ADD CONSTRAINT "seckill_product_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_product" ADD CONSTRAINT "seckill_product_origin_product_id_product_product_id_fk" FOREIGN KEY ("origin_product_id") REFERENCES "public"."product"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_product" ADD CONSTRAINT "seckill_product_seckill_time_id_seckill_time_seckill_time_id_fk" FOREIGN KEY ("seckill_time_id") REFERENCES "public"."seckill_time"("seckill_time_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrival_notice" ADD CONSTRAINT "arrival_notice_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrival_notice" ADD CONSTRAINT "arrival_notice_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reply" ADD CONSTRAINT "product_reply_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reply" ADD CONSTRAINT "product_reply_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relation" ADD CONSTRAINT "relation_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_list_idx" ON "merchant" USING btree ("status","sort","mer_id");--> statement-breakpoint
CREATE INDEX "merchant_type_idx" ON "merchant" USING btree ("mer_type_id");--> statement-breakpoint
CREATE INDEX "merchant_category_idx" ON "merchant" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "merchant_shop_category_mer_idx" ON "merchant_shop_category" USING btree ("mer_id","sort");--> statement-breakpoint
CREATE INDEX "brand_sort_idx" ON "brand" USING btree ("sort","brand_id");--> statement-breakpoint
CREATE INDEX "brand_category_cate_idx" ON "brand_category" USING btree ("store_category_id");--> statement-breakpoint
CREATE INDEX "store_category_pid_idx" ON "store_category" USING btree ("pid","sort");--> statement-breakpoint
CREATE INDEX "product_search_tokens_idx" ON "product" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "product_filter_tokens_idx" ON "product" USING gin ("filter_tokens");--> statement-breakpoint
CREATE INDEX "product_list_default_idx" ON "product" USING btree ("sort" DESC NULLS FIRST,"product_id" DESC NULLS FIRST) WHERE status = 1 and product_type = 0;--> statement-breakpoint
CREATE INDEX "product_list_sales_idx" ON "product" USING btree ("sales" DESC NULLS FIRST,"product_id" DESC NULLS FIRST) WHERE status = 1 and product_type = 0;--> statement-breakpoint
CREATE INDEX "product_list_price_idx" ON "product" USING btree ("price","product_id") WHERE status = 1 and product_type = 0;--> statement-breakpoint
CREATE INDEX "product_list_new_idx" ON "product" USING btree ("created_at" DESC NULLS FIRST,"product_id" DESC NULLS FIRST) WHERE status = 1 and product_type = 0;--> statement-breakpoint
CREATE INDEX "product_list_rate_idx" ON "product" USING btree ("rate" DESC NULLS FIRST,"product_id" DESC NULLS FIRST) WHERE status = 1 and product_type = 0;--> statement-breakpoint
CREATE INDEX "product_cate_price_idx" ON "product" USING btree ("cate_id","price","product_id") WHERE status = 1 and product_type = 0;--> statement-breakpoint
CREATE INDEX "product_cate_idx" ON "product" USING btree ("cate_id","sales" DESC NULLS FIRST,"product_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_brand_idx" ON "product" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "product_mer_idx" ON "product" USING btree ("mer_id","product_type","sales" DESC NULLS FIRST,"product_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_parameter_value_filter_idx" ON "product_parameter_value" USING btree ("parameter_id","value","product_id");--> statement-breakpoint
CREATE INDEX "product_shop_category_product_idx" ON "product_shop_category" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sku_product_sku_uq" ON "product_sku" USING btree ("product_id","sku");--> statement-breakpoint
CREATE INDEX "coupon_list_idx" ON "coupon" USING btree ("status","type","sort");--> statement-breakpoint
CREATE INDEX "coupon_mer_idx" ON "coupon" USING btree ("mer_id","type");--> statement-breakpoint
CREATE INDEX "coupon_product_product_idx" ON "coupon_product" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "coupon_user_uid_idx" ON "coupon_user" USING btree ("uid","coupon_id");--> statement-breakpoint
CREATE INDEX "coupon_user_coupon_idx" ON "coupon_user" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "presell_window_idx" ON "presell" USING btree ("status","start_time","end_time");--> statement-breakpoint
CREATE INDEX "seckill_product_time_idx" ON "seckill_product" USING btree ("seckill_time_id","end_day");--> statement-breakpoint
CREATE UNIQUE INDEX "arrival_notice_uq" ON "arrival_notice" USING btree ("uid","unique");--> statement-breakpoint
CREATE INDEX "arrival_notice_sku_idx" ON "arrival_notice" USING btree ("unique","status");--> statement-breakpoint
CREATE INDEX "product_reply_product_idx" ON "product_reply" USING btree ("product_id","created_at" DESC NULLS FIRST,"reply_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "relation_uq" ON "relation" USING btree ("uid","type","type_id");--> statement-breakpoint
CREATE INDEX "relation_target_idx" ON "relation" USING btree ("type","type_id");