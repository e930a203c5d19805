DROP INDEX "stock_entries_kind_idx";--> statement-breakpoint
DROP INDEX "stock_entries_stock_idx";--> statement-breakpoint
CREATE INDEX "product_stocks_price_idx" ON "product_stocks" USING btree ("price_to_show" desc nulls last,"id" desc);--> statement-breakpoint
CREATE INDEX "product_stocks_stock_price_idx" ON "product_stocks" USING btree ("current_stock","average_purchase_price");--> statement-breakpoint
CREATE INDEX "stock_entries_recompute_idx" ON "stock_entries" USING btree ("stock_id","active","kind","direction","quantity","unit_price","adjustment_type");--> statement-breakpoint
CREATE INDEX "stock_entries_latest_idx" ON "stock_entries" USING btree ("stock_id","kind","date" desc,"created_at" desc,"id" desc) WHERE "stock_entries"."active";--> statement-breakpoint
CREATE INDEX "stock_entries_stock_idx" ON "stock_entries" USING btree ("stock_id","active","date" desc,"created_at" desc,"id" desc);