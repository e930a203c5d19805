CREATE TABLE "record_history" (
	"id" text PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"bulk" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_id" text,
	"by_name" text,
	"device" jsonb,
	"location" jsonb,
	"title" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "record_history_record_at_idx" ON "record_history" USING btree ("entity","record_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);