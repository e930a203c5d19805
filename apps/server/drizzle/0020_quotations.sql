CREATE SEQUENCE "public"."quotation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "quotation_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"version_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" text,
	"name" text NOT NULL,
	"sku" integer,
	"modal_no" text,
	"hsn" text,
	"brand_name" text,
	"description" text,
	"quantity" integer NOT NULL,
	"gst" integer NOT NULL,
	"base_price" numeric(14, 2) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"margin_tier" text NOT NULL,
	"margin_percentage" numeric(9, 2) NOT NULL,
	"gst_per_unit" numeric(14, 2) NOT NULL,
	"taxable_amount" numeric(14, 2) NOT NULL,
	"gst_amount" numeric(14, 2) NOT NULL,
	"total_price" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"quotation_id" text NOT NULL,
	"version_number" integer NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"valid_until" date NOT NULL,
	"notes" text,
	"taxable_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_gst_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cgst" numeric(14, 2) DEFAULT 0 NOT NULL,
	"sgst" numeric(14, 2) DEFAULT 0 NOT NULL,
	"igst" numeric(14, 2) DEFAULT 0 NOT NULL,
	"supply_code" text,
	"supply_state" text,
	"inter_state" boolean DEFAULT false NOT NULL,
	"previous_version_id" text,
	"next_version_id" text,
	"is_main" boolean DEFAULT false NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_status" text,
	"review_reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" text PRIMARY KEY NOT NULL,
	"quotation_id" integer DEFAULT nextval('quotation_id_seq') NOT NULL,
	"customer_id" text NOT NULL,
	"requirement_id" text,
	"active_version_id" text NOT NULL,
	"version_count" integer DEFAULT 1 NOT NULL,
	"project_id" text,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"review_status" text,
	"total_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"valid_until" date NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_version_id_quotation_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."quotation_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_item_id_product_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."product_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_lines_version_line_uq" ON "quotation_lines" USING btree ("version_id","line_no");--> statement-breakpoint
CREATE INDEX "quotation_lines_item_idx" ON "quotation_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_versions_number_uq" ON "quotation_versions" USING btree ("quotation_id","version_number");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_quotation_id_idx" ON "quotations" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX "quotations_live_created_idx" ON "quotations" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "quotations_live_updated_idx" ON "quotations" USING btree ("is_deleted","updated_at");--> statement-breakpoint
CREATE INDEX "quotations_live_quotation_id_idx" ON "quotations" USING btree ("is_deleted","quotation_id");--> statement-breakpoint
CREATE INDEX "quotations_customer_idx" ON "quotations" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_requirement_uq" ON "quotations" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "quotations_live_review_created_idx" ON "quotations" USING btree ("is_deleted","review_status","created_at");--> statement-breakpoint
CREATE INDEX "quotations_live_status_created_idx" ON "quotations" USING btree ("is_deleted","status","created_at");--> statement-breakpoint
CREATE INDEX "quotations_title_trgm_idx" ON "quotations" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotations_title_prefix_idx" ON "quotations" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotations_total_price_idx" ON "quotations" USING btree ("total_price");--> statement-breakpoint
CREATE INDEX "quotations_valid_until_idx" ON "quotations" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "quotations_created_by_idx" ON "quotations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "quotations_deleted_by_idx" ON "quotations" USING btree ("deleted_by");--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_ups_quotation_idx" ON "follow_ups" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX "requirements_quotation_idx" ON "requirements" USING btree ("quotation_id");