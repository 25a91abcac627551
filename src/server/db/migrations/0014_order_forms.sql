CREATE TABLE "merchant_form" (
	"form_id" serial PRIMARY KEY NOT NULL,
	"mer_id" integer NOT NULL,
	"name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"is_del" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "mer_form_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_order" ADD COLUMN "order_extend" jsonb;--> statement-breakpoint
ALTER TABLE "merchant_form" ADD CONSTRAINT "merchant_form_mer_id_merchant_mer_id_fk" FOREIGN KEY ("mer_id") REFERENCES "public"."merchant"("mer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_form_mer_idx" ON "merchant_form" USING btree ("mer_id","is_del");