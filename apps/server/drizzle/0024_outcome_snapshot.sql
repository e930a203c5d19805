ALTER TABLE "projects" ADD COLUMN "customer_kind" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "customer_district" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "quotation_created_by" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "days_to_approval" integer;--> statement-breakpoint
ALTER TABLE "rejection_analyses" ADD COLUMN "customer_kind" text;--> statement-breakpoint
ALTER TABLE "rejection_analyses" ADD COLUMN "customer_district" text;--> statement-breakpoint
ALTER TABLE "rejection_analyses" ADD COLUMN "quotation_created_by" text;--> statement-breakpoint
-- What the wins-and-losses page groups by, copied onto every existing outcome (modules/win-loss/outcome-snapshot.ts).
UPDATE "projects" o SET
  "customer_kind" = CASE
    WHEN c.type = 'Individual' THEN 'Individual'
    WHEN c.institute_type IS NOT NULL THEN c.institute_type
    WHEN c.organization_type IS NOT NULL THEN c.organization_type || coalesce(' ' || coalesce(c.government_type, c.private_type), '')
    ELSE 'Organization' END,
  "customer_district" = nullif(btrim(c.district), ''),
  "quotation_created_by" = q.created_by,
  "days_to_approval" = (SELECT (o.created_at AT TIME ZONE 'Asia/Kolkata')::date - (r.created_at AT TIME ZONE 'Asia/Kolkata')::date
                        FROM requirements r WHERE r.id = o.requirement_id)
FROM customers c, quotations q
WHERE c.id = o.customer_id AND q.id = o.quotation_id;--> statement-breakpoint
UPDATE "rejection_analyses" o SET
  "customer_kind" = CASE
    WHEN c.type = 'Individual' THEN 'Individual'
    WHEN c.institute_type IS NOT NULL THEN c.institute_type
    WHEN c.organization_type IS NOT NULL THEN c.organization_type || coalesce(' ' || coalesce(c.government_type, c.private_type), '')
    ELSE 'Organization' END,
  "customer_district" = nullif(btrim(c.district), ''),
  "quotation_created_by" = q.created_by
FROM customers c, quotations q
WHERE c.id = o.customer_id AND q.id = o.quotation_id;
