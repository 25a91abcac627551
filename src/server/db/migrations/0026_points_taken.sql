ALTER TABLE "user_bill" ADD COLUMN "taken" jsonb;--> statement-breakpoint
ALTER TABLE "user_bill" ADD COLUMN "restored" integer DEFAULT 0 NOT NULL;