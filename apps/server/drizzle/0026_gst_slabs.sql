ALTER TABLE "product_items" ADD COLUMN "gst_zero_kind" text;--> statement-breakpoint
CREATE INDEX "product_items_live_gst_idx" ON "product_items" USING btree ("is_deleted","gst");