CREATE TABLE "leave_allocations" (
	"id" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"leave_type" text NOT NULL,
	"role_id" text,
	"user_id" text,
	"halves" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "leave_allocations_target_ck" CHECK (("leave_allocations"."role_id" is null) <> ("leave_allocations"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "leaves" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"leave_type" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"half" text,
	"halves" integer NOT NULL,
	"year" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaves_range_ck" CHECK ("leaves"."to_date" >= "leaves"."from_date"),
	CONSTRAINT "leaves_halves_ck" CHECK ("leaves"."halves" > 0)
);
--> statement-breakpoint
ALTER TABLE "leave_allocations" ADD CONSTRAINT "leave_allocations_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_allocations" ADD CONSTRAINT "leave_allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leave_allocations_role_uq" ON "leave_allocations" USING btree ("year","leave_type","role_id") WHERE "leave_allocations"."role_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "leave_allocations_user_uq" ON "leave_allocations" USING btree ("year","leave_type","user_id") WHERE "leave_allocations"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "leaves_user_from_idx" ON "leaves" USING btree ("user_id","from_date");--> statement-breakpoint
CREATE INDEX "leaves_status_from_idx" ON "leaves" USING btree ("status","from_date");--> statement-breakpoint
CREATE INDEX "leaves_from_idx" ON "leaves" USING btree ("from_date","id");--> statement-breakpoint
CREATE INDEX "leaves_user_year_idx" ON "leaves" USING btree ("user_id","year","leave_type");