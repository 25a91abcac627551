CREATE TABLE "sandbox_trade" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_trade_status_known" CHECK ("sandbox_trade"."status" in ('paid', 'closed'))
);
