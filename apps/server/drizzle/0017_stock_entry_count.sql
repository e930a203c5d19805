ALTER TABLE "product_stocks" ADD COLUMN "entry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every stock's active ledger entries, counted once from its ledger.
UPDATE "product_stocks" s SET "entry_count" = a.n
FROM (SELECT stock_id, count(*)::int AS n FROM "stock_entries" WHERE active GROUP BY stock_id) a
WHERE a.stock_id = s.id;
