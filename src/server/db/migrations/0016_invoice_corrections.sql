ALTER TABLE "order_receipt" ADD COLUMN "refund_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_receipt" ADD COLUMN "correct_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_receipt" ADD COLUMN "red_sn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_receipt" ADD COLUMN "red_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_receipt" ADD CONSTRAINT "order_receipt_correction" CHECK ("order_receipt"."correct_status" in (0, 1, 2) and "order_receipt"."refund_price" between 0 and "order_receipt"."receipt_price" and "order_receipt"."red_price" >= 0);