ALTER TABLE "user_bill" ADD COLUMN "unspent" integer;--> statement-breakpoint
ALTER TABLE "user_bill" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "user_bill_lots_idx" ON "user_bill" USING btree ("uid","expires_at","bill_id") WHERE "user_bill"."category" = 'integral' and "user_bill"."pm" = 1 and "user_bill"."unspent" > 0;