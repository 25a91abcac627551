CREATE TABLE "activity_frame" (
	"frame_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pic" text NOT NULL,
	"scope" smallint DEFAULT 0 NOT NULL,
	"scope_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_del" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_frame_scope" CHECK ("activity_frame"."scope" between 0 and 3),
	CONSTRAINT "activity_frame_window" CHECK ("activity_frame"."start_time" < "activity_frame"."end_time")
);
--> statement-breakpoint
CREATE INDEX "activity_frame_live_idx" ON "activity_frame" USING btree ("is_del","end_time");