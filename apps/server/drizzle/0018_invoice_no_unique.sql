-- Issue 22: invoice numbers unique among active sales, and per vendor among active purchases (trimmed, any
-- case). Active duplicates written before this keep every figure: the oldest (created_at, id) keeps its
-- number, each later one is renamed '<number> (duplicate <its id>)' (unique by its id; its stock entries
-- follow), for a person to find by searching 'duplicate' and correct.
WITH ranked AS (
  SELECT "id", row_number() OVER (PARTITION BY lower(btrim("invoice_no")) ORDER BY "created_at", "id") AS n
  FROM "sales" WHERE "is_deleted" = false
)
UPDATE "sales" s SET "invoice_no" = s."invoice_no" || ' (duplicate ' || s."id" || ')'
FROM ranked r WHERE r."id" = s."id" AND r.n > 1;--> statement-breakpoint
WITH ranked AS (
  SELECT "id", row_number() OVER (
    PARTITION BY "vendor_id", lower(btrim("invoice_no")) ORDER BY "created_at", "id"
  ) AS n
  FROM "purchases" WHERE "is_deleted" = false AND "vendor_id" IS NOT NULL
)
UPDATE "purchases" p SET "invoice_no" = p."invoice_no" || ' (duplicate ' || p."id" || ')'
FROM ranked r WHERE r."id" = p."id" AND r.n > 1;--> statement-breakpoint
UPDATE "stock_entries" e SET "invoice_no" = d."invoice_no"
FROM (
  SELECT "id", "invoice_no" FROM "sales" WHERE "invoice_no" LIKE '% (duplicate ' || "id" || ')'
  UNION ALL
  SELECT "id", "invoice_no" FROM "purchases" WHERE "invoice_no" LIKE '% (duplicate ' || "id" || ')'
) d
WHERE e."document_id" = d."id" AND e."invoice_no" IS DISTINCT FROM d."invoice_no";--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_live_vendor_invoice_no_uq" ON "purchases" USING btree ("vendor_id",lower(btrim("invoice_no"))) WHERE "purchases"."is_deleted" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_live_invoice_no_uq" ON "sales" USING btree (lower(btrim("invoice_no"))) WHERE "sales"."is_deleted" = false;
