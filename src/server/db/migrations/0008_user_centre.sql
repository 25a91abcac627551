CREATE TABLE "merchant_intention" (
	"mer_intention_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"phone" text NOT NULL,
	"mer_name" text NOT NULL,
	"name" text NOT NULL,
	"merchant_category_id" integer NOT NULL,
	"mer_type_id" integer NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"fail_msg" text DEFAULT '' NOT NULL,
	"mer_id" integer,
	"token_taken_at" timestamp with time zone,
	"status_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_intention_status" CHECK ("merchant_intention"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "order_receipt" (
	"order_receipt_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"mer_id" integer NOT NULL,
	"receipt_info" jsonb NOT NULL,
	"receipt_price" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"receipt_sn" text DEFAULT '' NOT NULL,
	"receipt_url" text DEFAULT '' NOT NULL,
	"mark" text DEFAULT '' NOT NULL,
	"status_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_receipt_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "order_receipt_status" CHECK ("order_receipt"."status" in (0, 1, 10) and "order_receipt"."receipt_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_receipt" (
	"user_receipt_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"receipt_type" smallint NOT NULL,
	"receipt_title_type" smallint NOT NULL,
	"receipt_title" text NOT NULL,
	"duty_paragraph" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_code" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tel" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_receipt_kinds" CHECK ("user_receipt"."receipt_type" in (1, 2) and "user_receipt"."receipt_title_type" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "merchant_intention" ADD CONSTRAINT "merchant_intention_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_intention" ADD CONSTRAINT "merchant_intention_merchant_category_id_merchant_category_merchant_category_id_fk" FOREIGN KEY ("merchant_category_id") REFERENCES "public"."merchant_category"("merchant_category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_intention" ADD CONSTRAINT "merchant_intention_mer_type_id_merchant_type_mer_type_id_fk" FOREIGN KEY ("mer_type_id") REFERENCES "public"."merchant_type"("mer_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_intention" ADD CONSTRAINT "merchant_intention_mer_id_merchant_mer_id_fk" FOREIGN KEY ("mer_id") REFERENCES "public"."merchant"("mer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receipt" ADD CONSTRAINT "order_receipt_order_id_store_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_order"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receipt" ADD CONSTRAINT "order_receipt_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receipt" ADD CONSTRAINT "order_receipt_mer_id_merchant_mer_id_fk" FOREIGN KEY ("mer_id") REFERENCES "public"."merchant"("mer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_receipt" ADD CONSTRAINT "user_receipt_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_intention_uid_idx" ON "merchant_intention" USING btree ("uid","mer_intention_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_intention_pending_phone_uq" ON "merchant_intention" USING btree ("phone") WHERE "merchant_intention"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_intention_pending_name_uq" ON "merchant_intention" USING btree ("mer_name") WHERE "merchant_intention"."status" = 0;--> statement-breakpoint
CREATE INDEX "order_receipt_uid_idx" ON "order_receipt" USING btree ("uid","status","order_receipt_id");--> statement-breakpoint
CREATE INDEX "order_receipt_mer_idx" ON "order_receipt" USING btree ("mer_id","status");--> statement-breakpoint
CREATE INDEX "user_receipt_uid_idx" ON "user_receipt" USING btree ("uid","user_receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_receipt_default_uq" ON "user_receipt" USING btree ("uid") WHERE "user_receipt"."is_default";--> statement-breakpoint
INSERT INTO "order_receipt" ("order_id", "uid", "mer_id", "receipt_info", "receipt_price", "created_at") SELECT "order_id", "uid", "mer_id", "receipt", "pay_price", "created_at" FROM "store_order" WHERE jsonb_typeof("receipt") = 'object';
