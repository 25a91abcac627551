ALTER TABLE "merchant_type" ADD COLUMN "applicable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Existing malls: the mall's own shop type is not applied for.
UPDATE "merchant_type" SET "applicable" = false WHERE "type_name" = '自营';