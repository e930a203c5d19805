ALTER TABLE "customers" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "product_vendors" ADD COLUMN "gstin" text;