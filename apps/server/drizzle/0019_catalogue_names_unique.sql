-- Issue 23: brand, category, class and vendor names unique among live records, trimmed and in any case
-- ('ozobot' beside 'Ozobot'). Live duplicates written before this keep every reference: the oldest
-- (created_at, id) keeps its name, each later one is renamed '<name> (duplicate <its id>)' (unique by its
-- id), for a person to find by searching 'duplicate' and merge or rename. Deleted records are not compared.
WITH ranked AS (
  SELECT "id", row_number() OVER (PARTITION BY lower(btrim("name")) ORDER BY "created_at", "id") AS n
  FROM "product_brands" WHERE "is_deleted" = false
)
UPDATE "product_brands" r SET "name" = r."name" || ' (duplicate ' || r."id" || ')'
FROM ranked k WHERE k."id" = r."id" AND k.n > 1;--> statement-breakpoint
WITH ranked AS (
  SELECT "id", row_number() OVER (PARTITION BY lower(btrim("name")) ORDER BY "created_at", "id") AS n
  FROM "product_categories" WHERE "is_deleted" = false
)
UPDATE "product_categories" r SET "name" = r."name" || ' (duplicate ' || r."id" || ')'
FROM ranked k WHERE k."id" = r."id" AND k.n > 1;--> statement-breakpoint
WITH ranked AS (
  SELECT "id", row_number() OVER (PARTITION BY lower(btrim("name")) ORDER BY "created_at", "id") AS n
  FROM "product_classes" WHERE "is_deleted" = false
)
UPDATE "product_classes" r SET "name" = r."name" || ' (duplicate ' || r."id" || ')'
FROM ranked k WHERE k."id" = r."id" AND k.n > 1;--> statement-breakpoint
WITH ranked AS (
  SELECT "id", row_number() OVER (PARTITION BY lower(btrim("name")) ORDER BY "created_at", "id") AS n
  FROM "product_vendors" WHERE "is_deleted" = false
)
UPDATE "product_vendors" r SET "name" = r."name" || ' (duplicate ' || r."id" || ')'
FROM ranked k WHERE k."id" = r."id" AND k.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "product_brands_live_name_uq" ON "product_brands" USING btree (lower(btrim("name"))) WHERE "product_brands"."is_deleted" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_live_name_uq" ON "product_categories" USING btree (lower(btrim("name"))) WHERE "product_categories"."is_deleted" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "product_classes_live_name_uq" ON "product_classes" USING btree (lower(btrim("name"))) WHERE "product_classes"."is_deleted" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "product_vendors_live_name_uq" ON "product_vendors" USING btree (lower(btrim("name"))) WHERE "product_vendors"."is_deleted" = false;