CREATE SEQUENCE "public"."customer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "customer_assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"assigned_by" text,
	"assigned_at" timestamp with time zone NOT NULL,
	"unassigned_at" timestamp with time zone,
	"unassigned_by" text
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer DEFAULT nextval('customer_id_seq') NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"website" text,
	"street" text,
	"city" text,
	"district" text,
	"state" text,
	"country" text,
	"zip_code" text,
	"organization_type" text,
	"government_type" text,
	"private_type" text,
	"office_type" text,
	"institute_type" text,
	"school_board" text,
	"college_type" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_names" text,
	"contact_emails" text,
	"contact_phones" text,
	"establishment_year" integer,
	"number_of_students" integer,
	"courses_offered" text,
	"notes" text,
	"rating" numeric(3, 2),
	"rating_category" text,
	"margin_tier" text,
	"verified" boolean DEFAULT false NOT NULL,
	"assigned_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"re_assigned_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"feedbacks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_assignments" ADD CONSTRAINT "customer_assignments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_assignments_customer_idx" ON "customer_assignments" USING btree ("customer_id","assigned_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_assignments_open_user_idx" ON "customer_assignments" USING btree ("user_id") WHERE "customer_assignments"."unassigned_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_customer_id_idx" ON "customers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_live_created_idx" ON "customers" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "customers_live_updated_idx" ON "customers" USING btree ("is_deleted","updated_at");--> statement-breakpoint
CREATE INDEX "customers_live_name_idx" ON "customers" USING btree ("is_deleted",lower("name"));--> statement-breakpoint
CREATE INDEX "customers_assigned_to_idx" ON "customers" USING gin ("assigned_to");--> statement-breakpoint
CREATE INDEX "customers_re_assigned_to_idx" ON "customers" USING gin ("re_assigned_to");--> statement-breakpoint
CREATE INDEX "customers_created_by_idx" ON "customers" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "customers_deleted_by_idx" ON "customers" USING btree ("deleted_by");--> statement-breakpoint
CREATE INDEX "customers_type_idx" ON "customers" USING btree ("type");--> statement-breakpoint
CREATE INDEX "customers_organization_type_idx" ON "customers" USING btree ("organization_type");--> statement-breakpoint
CREATE INDEX "customers_government_type_idx" ON "customers" USING btree ("government_type");--> statement-breakpoint
CREATE INDEX "customers_private_type_idx" ON "customers" USING btree ("private_type");--> statement-breakpoint
CREATE INDEX "customers_office_type_idx" ON "customers" USING btree ("office_type");--> statement-breakpoint
CREATE INDEX "customers_institute_type_idx" ON "customers" USING btree ("institute_type");--> statement-breakpoint
CREATE INDEX "customers_school_board_idx" ON "customers" USING btree ("school_board");--> statement-breakpoint
CREATE INDEX "customers_college_type_idx" ON "customers" USING btree ("college_type");--> statement-breakpoint
CREATE INDEX "customers_establishment_year_idx" ON "customers" USING btree ("establishment_year");--> statement-breakpoint
CREATE INDEX "customers_number_of_students_idx" ON "customers" USING btree ("number_of_students");--> statement-breakpoint
CREATE INDEX "customers_rating_idx" ON "customers" USING btree ("rating");--> statement-breakpoint
CREATE INDEX "customers_rating_category_idx" ON "customers" USING btree ("rating_category");--> statement-breakpoint
CREATE INDEX "customers_margin_tier_idx" ON "customers" USING btree ("margin_tier");--> statement-breakpoint
CREATE INDEX "customers_verified_idx" ON "customers" USING btree ("verified");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_prefix_idx" ON "customers" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_prefix_idx" ON "customers" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_trgm_idx" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_prefix_idx" ON "customers" USING btree (lower("phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_website_trgm_idx" ON "customers" USING gin ("website" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_website_prefix_idx" ON "customers" USING btree (lower("website") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_address_trgm_idx" ON "customers" USING gin ((coalesce("street", '') || ' ' || coalesce("city", '') || ' ' || coalesce("district", '') || ' ' || coalesce("state", '') || ' ' || coalesce("country", '') || ' ' || coalesce("zip_code", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_address_prefix_idx" ON "customers" USING btree (lower((coalesce("street", '') || ' ' || coalesce("city", '') || ' ' || coalesce("district", '') || ' ' || coalesce("state", '') || ' ' || coalesce("country", '') || ' ' || coalesce("zip_code", ''))) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_courses_offered_trgm_idx" ON "customers" USING gin ("courses_offered" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_courses_offered_prefix_idx" ON "customers" USING btree (lower("courses_offered") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_notes_trgm_idx" ON "customers" USING gin ("notes" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_notes_prefix_idx" ON "customers" USING btree (lower("notes") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_contact_names_trgm_idx" ON "customers" USING gin ("contact_names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_contact_names_prefix_idx" ON "customers" USING btree (lower("contact_names") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_contact_emails_trgm_idx" ON "customers" USING gin ("contact_emails" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_contact_emails_prefix_idx" ON "customers" USING btree (lower("contact_emails") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_contact_phones_trgm_idx" ON "customers" USING gin ("contact_phones" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_contact_phones_prefix_idx" ON "customers" USING btree (lower("contact_phones") text_pattern_ops);