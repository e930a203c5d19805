CREATE SEQUENCE "public"."project_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "project_status_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" integer DEFAULT nextval('project_id_seq') NOT NULL,
	"title" text NOT NULL,
	"customer_id" text NOT NULL,
	"requirement_id" text,
	"quotation_id" text NOT NULL,
	"version_id" text NOT NULL,
	"status" text DEFAULT 'Initiated' NOT NULL,
	"total_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"agreement_file_id" text,
	"purchase_order_file_id" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rejection_analyses" (
	"id" text PRIMARY KEY NOT NULL,
	"quotation_id" text NOT NULL,
	"version_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"rejection_date" date NOT NULL,
	"rejection_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reasons_text" text DEFAULT '' NOT NULL,
	"detailed_reason" text,
	"lost_to" text NOT NULL,
	"competitor_name" text,
	"offered_amount" numeric(14, 2),
	"quoted_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"customer_feedback" text,
	"rejected_person" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_status_changes" ADD CONSTRAINT "project_status_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_version_id_quotation_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."quotation_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_agreement_file_id_files_id_fk" FOREIGN KEY ("agreement_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_purchase_order_file_id_files_id_fk" FOREIGN KEY ("purchase_order_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rejection_analyses" ADD CONSTRAINT "rejection_analyses_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rejection_analyses" ADD CONSTRAINT "rejection_analyses_version_id_quotation_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."quotation_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rejection_analyses" ADD CONSTRAINT "rejection_analyses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_status_changes_project_idx" ON "project_status_changes" USING btree ("project_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_project_id_idx" ON "projects" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_quotation_uq" ON "projects" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX "projects_live_created_idx" ON "projects" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "projects_live_updated_idx" ON "projects" USING btree ("is_deleted","updated_at");--> statement-breakpoint
CREATE INDEX "projects_live_project_id_idx" ON "projects" USING btree ("is_deleted","project_id");--> statement-breakpoint
CREATE INDEX "projects_live_status_created_idx" ON "projects" USING btree ("is_deleted","status","created_at");--> statement-breakpoint
CREATE INDEX "projects_customer_idx" ON "projects" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_requirement_idx" ON "projects" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "projects_title_trgm_idx" ON "projects" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_created_by_idx" ON "projects" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "projects_deleted_by_idx" ON "projects" USING btree ("deleted_by");--> statement-breakpoint
CREATE UNIQUE INDEX "rejection_analyses_quotation_live_uq" ON "rejection_analyses" USING btree ("quotation_id") WHERE NOT "rejection_analyses"."is_deleted";--> statement-breakpoint
CREATE INDEX "rejection_analyses_live_created_idx" ON "rejection_analyses" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "rejection_analyses_live_updated_idx" ON "rejection_analyses" USING btree ("is_deleted","updated_at");--> statement-breakpoint
CREATE INDEX "rejection_analyses_live_date_idx" ON "rejection_analyses" USING btree ("is_deleted","rejection_date");--> statement-breakpoint
CREATE INDEX "rejection_analyses_customer_idx" ON "rejection_analyses" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "rejection_analyses_reasons_trgm_idx" ON "rejection_analyses" USING gin ("reasons_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rejection_analyses_competitor_trgm_idx" ON "rejection_analyses" USING gin ("competitor_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rejection_analyses_created_by_idx" ON "rejection_analyses" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "rejection_analyses_deleted_by_idx" ON "rejection_analyses" USING btree ("deleted_by");