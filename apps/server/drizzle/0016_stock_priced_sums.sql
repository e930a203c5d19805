DROP INDEX "stock_entries_recompute_idx";--> statement-breakpoint
ALTER TABLE "product_stocks" ADD COLUMN "priced_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stocks" ADD COLUMN "priced_value" numeric(18, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The sums of every stock's active priced entries (purchases, and Initial Stock with a price), from its ledger.
UPDATE "product_stocks" s SET "priced_quantity" = a.quantity, "priced_value" = a.value
FROM (
  SELECT stock_id, sum(quantity)::int AS quantity, sum(quantity * unit_price) AS value
  FROM "stock_entries"
  WHERE active AND (kind = 'purchase' OR (adjustment_type = 'Initial Stock' AND unit_price > 0))
  GROUP BY stock_id
) a
WHERE a.stock_id = s.id;
