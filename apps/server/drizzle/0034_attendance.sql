CREATE TABLE "attendance_punches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" double precision,
	"device" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"office_start" text NOT NULL,
	"office_end" text NOT NULL,
	"grace_minutes" integer NOT NULL,
	"half_day_below_minutes" integer NOT NULL,
	"weekly_off" integer[] NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD CONSTRAINT "attendance_punches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_punches_user_day_idx" ON "attendance_punches" USING btree ("user_id","day","at");--> statement-breakpoint
CREATE INDEX "attendance_punches_day_idx" ON "attendance_punches" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_punches_user_at_uq" ON "attendance_punches" USING btree ("user_id","at");