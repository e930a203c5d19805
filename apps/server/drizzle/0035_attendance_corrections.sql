CREATE TABLE "attendance_corrections" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"punch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_punch_id_attendance_punches_id_fk" FOREIGN KEY ("punch_id") REFERENCES "public"."attendance_punches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_corrections_user_idx" ON "attendance_corrections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "attendance_corrections_pending_idx" ON "attendance_corrections" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_corrections_pending_uq" ON "attendance_corrections" USING btree ("user_id","day","kind") WHERE "attendance_corrections"."status" = 'Pending';