ALTER TABLE "merchant" ADD COLUMN "notice_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A shop opened from an approved application is told on its applicant's phone, as new ones are.
UPDATE "merchant" SET "notice_phone" = i."phone" FROM "merchant_intention" i WHERE i."mer_id" = "merchant"."mer_id" AND i."status" = 1 AND i."phone" ~ '^1[3-9][0-9]{9}$';
