CREATE SEQUENCE "public"."follow_up_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."requirement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" text PRIMARY KEY NOT NULL,
	"follow_up_id" integer DEFAULT nextval('follow_up_id_seq') NOT NULL,
	"customer_id" text NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"requirement_id" text,
	"quotation_id" text,
	"project_id" text,
	"other_reason" text,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"visitors" text[] DEFAULT '{}'::text[] NOT NULL,
	"follow_up_by" text,
	"status" text NOT NULL,
	"response" text,
	"remarks" text,
	"next_follow_up" jsonb,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"detail" jsonb,
	CONSTRAINT "job_runs_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" text PRIMARY KEY NOT NULL,
	"requirement_id" integer DEFAULT nextval('requirement_id_seq') NOT NULL,
	"title" text NOT NULL,
	"customer_id" text NOT NULL,
	"type" text NOT NULL,
	"priority" text NOT NULL,
	"status" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"budget" numeric(14, 2),
	"purchase_date" date,
	"quotation_id" text,
	"notes" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_follow_up_id_idx" ON "follow_ups" USING btree ("follow_up_id");--> statement-breakpoint
CREATE INDEX "follow_ups_live_date_idx" ON "follow_ups" USING btree ("is_deleted","date","time","id");--> statement-breakpoint
CREATE INDEX "follow_ups_live_created_idx" ON "follow_ups" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "follow_ups_live_updated_idx" ON "follow_ups" USING btree ("is_deleted","updated_at");--> statement-breakpoint
CREATE INDEX "follow_ups_customer_idx" ON "follow_ups" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "follow_ups_requirement_idx" ON "follow_ups" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "follow_ups_visitors_idx" ON "follow_ups" USING gin ("visitors");--> statement-breakpoint
CREATE INDEX "follow_ups_follow_up_by_idx" ON "follow_ups" USING btree ("follow_up_by","date");--> statement-breakpoint
CREATE INDEX "follow_ups_created_by_idx" ON "follow_ups" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "follow_ups_deleted_by_idx" ON "follow_ups" USING btree ("deleted_by");--> statement-breakpoint
CREATE INDEX "follow_ups_status_idx" ON "follow_ups" USING btree ("status");--> statement-breakpoint
CREATE INDEX "follow_ups_type_idx" ON "follow_ups" USING btree ("type");--> statement-breakpoint
CREATE INDEX "follow_ups_reason_idx" ON "follow_ups" USING btree ("reason");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "requirements_requirement_id_idx" ON "requirements" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "requirements_live_created_idx" ON "requirements" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "requirements_live_updated_idx" ON "requirements" USING btree ("is_deleted","updated_at");--> statement-breakpoint
CREATE INDEX "requirements_live_title_idx" ON "requirements" USING btree ("is_deleted",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "requirements_title_trgm_idx" ON "requirements" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requirements_title_prefix_idx" ON "requirements" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "requirements_customer_idx" ON "requirements" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "requirements_item_ids_idx" ON "requirements" USING gin ("item_ids");--> statement-breakpoint
CREATE INDEX "requirements_created_by_idx" ON "requirements" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "requirements_deleted_by_idx" ON "requirements" USING btree ("deleted_by");--> statement-breakpoint
CREATE INDEX "requirements_status_idx" ON "requirements" USING btree ("status");--> statement-breakpoint
CREATE INDEX "requirements_priority_idx" ON "requirements" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "requirements_type_idx" ON "requirements" USING btree ("type");--> statement-breakpoint
CREATE INDEX "requirements_purchase_date_idx" ON "requirements" USING btree ("purchase_date");--> statement-breakpoint
CREATE INDEX "requirements_budget_idx" ON "requirements" USING btree ("budget");