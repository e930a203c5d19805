CREATE TABLE "product_brands" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image" jsonb,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image" jsonb,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_classes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image" jsonb,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_margins" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"t1" numeric(5, 2) NOT NULL,
	"t2" numeric(5, 2) NOT NULL,
	"t3" numeric(5, 2) NOT NULL,
	"pt1" numeric(5, 2) NOT NULL,
	"pt2" numeric(5, 2) NOT NULL,
	"pt3" numeric(5, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_vendors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"website" text,
	"rating" numeric(3, 2),
	"image" jsonb,
	"contact_person" jsonb,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_brands_live_created_idx" ON "product_brands" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "product_brands_name_trgm_idx" ON "product_brands" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_brands_name_prefix_idx" ON "product_brands" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_categories_live_created_idx" ON "product_categories" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "product_categories_name_trgm_idx" ON "product_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_categories_name_prefix_idx" ON "product_categories" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_classes_live_created_idx" ON "product_classes" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "product_classes_name_trgm_idx" ON "product_classes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_classes_name_prefix_idx" ON "product_classes" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_margins_live_created_idx" ON "product_margins" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "product_margins_name_trgm_idx" ON "product_margins" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_vendors_live_created_idx" ON "product_vendors" USING btree ("is_deleted","created_at");--> statement-breakpoint
CREATE INDEX "product_vendors_live_name_idx" ON "product_vendors" USING btree ("is_deleted",lower("name"));--> statement-breakpoint
CREATE INDEX "product_vendors_name_trgm_idx" ON "product_vendors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_vendors_name_prefix_idx" ON "product_vendors" USING btree (lower("name") text_pattern_ops);