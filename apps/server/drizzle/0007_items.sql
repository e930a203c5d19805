CREATE SEQUENCE "public"."product_item_sku_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "product_items" (
	"id" text PRIMARY KEY NOT NULL,
	"sku" integer DEFAULT nextval('product_item_sku_seq') NOT NULL,
	"name" text NOT NULL,
	"modal_no" text,
	"description" text,
	"brand_id" text,
	"category_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"class_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"margin_id" text,
	"gst" integer,
	"hsn_code" text,
	"shipping_weight" numeric(12, 3),
	"shipping_length" numeric(12, 3),
	"shipping_width" numeric(12, 3),
	"shipping_height" numeric(12, 3),
	"state" text DEFAULT 'Unverified' NOT NULL,
	"target_price" numeric(14, 2),
	"preferred_brand" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specifications" jsonb,
	"rating" numeric(3, 2),
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_stocks" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"total_purchased" integer DEFAULT 0 NOT NULL,
	"total_sold" integer DEFAULT 0 NOT NULL,
	"current_stock" integer DEFAULT 0 NOT NULL,
	"last_purchased_stock" integer DEFAULT 0 NOT NULL,
	"last_sold_stock" integer DEFAULT 0 NOT NULL,
	"last_purchase_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"average_purchase_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"last_gst" integer,
	"price_to_show" numeric(14, 2) DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_brand_id_product_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."product_brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_margin_id_product_margins_id_fk" FOREIGN KEY ("margin_id") REFERENCES "public"."product_margins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stocks" ADD CONSTRAINT "product_stocks_item_id_product_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."product_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_items_sku_idx" ON "product_items" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_items_live_created_idx" ON "product_items" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "product_items_live_updated_idx" ON "product_items" USING btree ("is_deleted","updated_at");--> statement-breakpoint
CREATE INDEX "product_items_live_name_idx" ON "product_items" USING btree ("is_deleted",lower("name"));--> statement-breakpoint
CREATE INDEX "product_items_live_state_created_idx" ON "product_items" USING btree ("is_deleted","state","created_at");--> statement-breakpoint
CREATE INDEX "product_items_brand_idx" ON "product_items" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "product_items_margin_idx" ON "product_items" USING btree ("margin_id");--> statement-breakpoint
CREATE INDEX "product_items_categories_idx" ON "product_items" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "product_items_classes_idx" ON "product_items" USING gin ("class_ids");--> statement-breakpoint
CREATE INDEX "product_items_name_trgm_idx" ON "product_items" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_items_name_prefix_idx" ON "product_items" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_items_modal_no_trgm_idx" ON "product_items" USING gin ("modal_no" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "product_stocks_item_idx" ON "product_stocks" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "product_stocks_live_created_idx" ON "product_stocks" USING btree ("is_deleted","created_at");