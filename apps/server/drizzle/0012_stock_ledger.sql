CREATE TABLE "purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text,
	"invoice_no" text NOT NULL,
	"invoice_date" date NOT NULL,
	"notes" text,
	"taxable_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_gst_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cgst" numeric(14, 2) DEFAULT 0 NOT NULL,
	"sgst" numeric(14, 2) DEFAULT 0 NOT NULL,
	"igst" numeric(14, 2) DEFAULT 0 NOT NULL,
	"supply_state" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"invoice_no" text NOT NULL,
	"invoice_date" date NOT NULL,
	"notes" text,
	"taxable_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_gst_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cgst" numeric(14, 2) DEFAULT 0 NOT NULL,
	"sgst" numeric(14, 2) DEFAULT 0 NOT NULL,
	"igst" numeric(14, 2) DEFAULT 0 NOT NULL,
	"supply_state" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"stock_id" text NOT NULL,
	"item_id" text NOT NULL,
	"kind" text NOT NULL,
	"document_id" text,
	"line_no" integer DEFAULT 0 NOT NULL,
	"adjustment_type" text,
	"reason" text,
	"quantity" integer NOT NULL,
	"direction" integer NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"gst_percent" integer,
	"taxable_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"gst_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"margin_tier" text,
	"date" date NOT NULL,
	"invoice_no" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "stock_entries_quantity_positive" CHECK ("stock_entries"."quantity" > 0),
	CONSTRAINT "stock_entries_direction" CHECK ("stock_entries"."direction" in (1, -1)),
	CONSTRAINT "stock_entries_kind" CHECK ("stock_entries"."kind" in ('purchase', 'sale', 'adjustment'))
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_vendor_id_product_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."product_vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_entries" ADD CONSTRAINT "stock_entries_stock_id_product_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_live_created_idx" ON "purchases" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "purchases_live_updated_idx" ON "purchases" USING btree ("is_deleted","updated_at");--> statement-breakpoint
CREATE INDEX "purchases_live_invoice_date_idx" ON "purchases" USING btree ("is_deleted","invoice_date");--> statement-breakpoint
CREATE INDEX "purchases_vendor_idx" ON "purchases" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "purchases_invoice_no_trgm_idx" ON "purchases" USING gin ("invoice_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchases_invoice_no_prefix_idx" ON "purchases" USING btree (lower("invoice_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "purchases_total_amount_idx" ON "purchases" USING btree ("total_amount");--> statement-breakpoint
CREATE INDEX "purchases_created_by_idx" ON "purchases" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "purchases_deleted_by_idx" ON "purchases" USING btree ("deleted_by");--> statement-breakpoint
CREATE INDEX "sales_live_created_idx" ON "sales" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "sales_live_updated_idx" ON "sales" USING btree ("is_deleted","updated_at");--> statement-breakpoint
CREATE INDEX "sales_live_invoice_date_idx" ON "sales" USING btree ("is_deleted","invoice_date");--> statement-breakpoint
CREATE INDEX "sales_customer_idx" ON "sales" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sales_invoice_no_trgm_idx" ON "sales" USING gin ("invoice_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_invoice_no_prefix_idx" ON "sales" USING btree (lower("invoice_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sales_total_amount_idx" ON "sales" USING btree ("total_amount");--> statement-breakpoint
CREATE INDEX "sales_total_gst_amount_idx" ON "sales" USING btree ("total_gst_amount");--> statement-breakpoint
CREATE INDEX "sales_created_by_idx" ON "sales" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "sales_deleted_by_idx" ON "sales" USING btree ("deleted_by");--> statement-breakpoint
CREATE INDEX "stock_entries_stock_idx" ON "stock_entries" USING btree ("stock_id","active","date" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_entries_document_idx" ON "stock_entries" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "stock_entries_kind_idx" ON "stock_entries" USING btree ("kind");--> statement-breakpoint
ALTER TABLE "product_stocks" ADD CONSTRAINT "product_stocks_current_stock_nonnegative" CHECK ("product_stocks"."current_stock" >= 0);