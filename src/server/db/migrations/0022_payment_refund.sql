ALTER TABLE "payment" DROP CONSTRAINT "payment_status_known";--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refund_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_status_known" CHECK ("payment"."status" in ('pending', 'paid', 'failed', 'refund_due', 'refunded'));