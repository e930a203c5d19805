CREATE TABLE "kept_days" (
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"bucket" text NOT NULL,
	"n" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "kept_days_kind_scope_day_bucket_pk" PRIMARY KEY("kind","scope","day","bucket")
);
--> statement-breakpoint
CREATE TABLE "kept_records" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"customer_id" text NOT NULL,
	"day" date NOT NULL,
	"bucket" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"people" text[] NOT NULL,
	CONSTRAINT "kept_records_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "kept_totals" (
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"bucket" text NOT NULL,
	"n" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "kept_totals_kind_scope_bucket_pk" PRIMARY KEY("kind","scope","bucket")
);
--> statement-breakpoint
CREATE INDEX "kept_records_customer_idx" ON "kept_records" USING btree ("kind","customer_id");--> statement-breakpoint
-- The CRM dashboard's figures kept by the writes (issue 29; decision 0026), in the way of 0043's follow-up
-- work: one row per live record counted (kept_records), and counts per kind, scope and bucket (kept_totals)
-- and per day made in India (kept_days). The scopes are those of the dashboard's count scopes
-- (modules/dashboard/dashboard.service.ts and quotations/quotation-dto.ts quotationScopeOn): a record is
-- in its creator's scope, in the customer's creator's and assignees', and a follow-up also in its caller's
-- and visitors'. kept-counts.test.ts holds the counts kept here to the counts the dashboard's queries give.
CREATE FUNCTION "kept_day"(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (t AT TIME ZONE 'Asia/Kolkata')::date
$$;--> statement-breakpoint
CREATE FUNCTION "kept_people"(own text[], c customers) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array(SELECT DISTINCT p FROM unnest(own || array[c.created_by] || c.assigned_to || c.re_assigned_to) p
    WHERE p IS NOT NULL ORDER BY p)
$$;--> statement-breakpoint
CREATE FUNCTION "kept_records_of"(k text, custs text[]) RETURNS TABLE (
  "kind" text, "id" text, "customer_id" text, "day" date, "bucket" text, "amount" numeric, "people" text[]
) LANGUAGE sql STABLE AS $$
  SELECT 'customer', c.id, c.id, kept_day(c.created_at), '', 0::numeric, kept_people('{}', c)
    FROM unnest(custs) x(id) JOIN customers c ON c.id = x.id
    WHERE k = 'customer' AND c.is_deleted = false
  UNION ALL
  SELECT 'follow-up', f.id, f.customer_id, kept_day(f.created_at), '', 0::numeric,
      kept_people(array[f.created_by, f.follow_up_by] || f.visitors, c)
    FROM unnest(custs) x(id) JOIN follow_ups f ON f.customer_id = x.id JOIN customers c ON c.id = f.customer_id
    WHERE k = 'follow-up' AND f.is_deleted = false
  UNION ALL
  SELECT 'requirement', r.id, r.customer_id, kept_day(r.created_at), r.status, 0::numeric,
      kept_people(array[r.created_by], c)
    FROM unnest(custs) x(id) JOIN requirements r ON r.customer_id = x.id JOIN customers c ON c.id = r.customer_id
    WHERE k = 'requirement' AND r.is_deleted = false
  UNION ALL
  SELECT 'quotation', q.id, q.customer_id, kept_day(q.created_at), q.status || '/' || coalesce(q.review_status, ''),
      q.total_price, kept_people(array[q.created_by], c)
    FROM unnest(custs) x(id) JOIN quotations q ON q.customer_id = x.id JOIN customers c ON c.id = q.customer_id
    WHERE k = 'quotation' AND q.is_deleted = false
$$;--> statement-breakpoint
-- Brings the kept records of kind k of these customers to what the tables hold now, and the counts with it,
-- in one statement, one writer at a time (0043's advisory lock, for the same reasons).
CREATE FUNCTION "kept_refresh"(k text, custs text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(custs), 0) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(29001);
  WITH fresh AS MATERIALIZED (SELECT * FROM kept_records_of(k, custs)),
  old AS MATERIALIZED (
    SELECT r.kind, r.id, r.customer_id, r.day, r.bucket, r.amount, r.people
    FROM unnest(custs) x(id) JOIN kept_records r ON r.kind = k AND r.customer_id = x.id
  ),
  removed AS (SELECT * FROM old EXCEPT ALL SELECT * FROM fresh),
  added AS (SELECT * FROM fresh EXCEPT ALL SELECT * FROM old),
  dropped AS (
    DELETE FROM kept_records r WHERE r.kind = k AND r.id IN (SELECT id FROM removed)
      AND r.id NOT IN (SELECT id FROM added)
  ),
  put AS (
    INSERT INTO kept_records SELECT * FROM added
    ON CONFLICT ("kind", "id") DO UPDATE SET "customer_id" = excluded."customer_id", "day" = excluded."day",
      "bucket" = excluded."bucket", "amount" = excluded."amount", "people" = excluded."people"
  ),
  delta AS (
    SELECT p AS scope, r.day, r.bucket, -1 AS n, -r.amount AS amount
      FROM removed r, unnest('{*}'::text[] || r.people) p
    UNION ALL
    SELECT p, a.day, a.bucket, 1, a.amount FROM added a, unnest('{*}'::text[] || a.people) p
  ),
  totals AS (
    INSERT INTO kept_totals AS t ("kind", "scope", "bucket", "n", "amount")
    SELECT k, scope, bucket, sum(n)::int, sum(amount) FROM delta GROUP BY scope, bucket
    HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY scope, bucket
    ON CONFLICT ("kind", "scope", "bucket") DO UPDATE SET "n" = t."n" + excluded."n", "amount" = t."amount" + excluded."amount"
  )
  INSERT INTO kept_days AS t ("kind", "scope", "day", "bucket", "n", "amount")
  SELECT k, scope, day, bucket, sum(n)::int, sum(amount) FROM delta GROUP BY scope, day, bucket
  HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY scope, day, bucket
  ON CONFLICT ("kind", "scope", "day", "bucket") DO UPDATE SET "n" = t."n" + excluded."n", "amount" = t."amount" + excluded."amount";
END
$$;--> statement-breakpoint
-- A counted table written: the customers of the rows whose counted columns changed are refreshed, once
-- per statement. TG_ARGV[0] is the kind; an update compares the columns the kind's rows are made of.
CREATE FUNCTION "kept_written"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text := TG_ARGV[0];
  custs text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    custs := array(SELECT DISTINCT CASE WHEN k = 'customer' THEN (to_jsonb(n) ->> 'id') ELSE (to_jsonb(n) ->> 'customer_id') END FROM new_rows n);
  ELSIF TG_OP = 'DELETE' THEN
    custs := array(SELECT DISTINCT CASE WHEN k = 'customer' THEN (to_jsonb(o) ->> 'id') ELSE (to_jsonb(o) ->> 'customer_id') END FROM old_rows o);
  ELSE
    custs := array(
      SELECT x FROM (
        SELECT o_j, n_j FROM (SELECT to_jsonb(o) AS o_j FROM old_rows o) a
        JOIN (SELECT to_jsonb(n) AS n_j FROM new_rows n) b ON (a.o_j ->> 'id') = (b.n_j ->> 'id')
      ) pairs,
      LATERAL (VALUES (CASE WHEN k = 'customer' THEN o_j ->> 'id' ELSE o_j ->> 'customer_id' END),
                      (CASE WHEN k = 'customer' THEN n_j ->> 'id' ELSE n_j ->> 'customer_id' END)) v(x)
      WHERE EXISTS (SELECT 1 FROM unnest(TG_ARGV[1:]) col WHERE (o_j -> col) IS DISTINCT FROM (n_j -> col))
      GROUP BY x);
  END IF;
  PERFORM kept_refresh(k, custs);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A customer's creator or assignees changed: the people of its follow-ups', requirements' and quotations'
-- counts change with them.
CREATE FUNCTION "kept_customer_people_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  custs text[] := array(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.created_by, o.assigned_to, o.re_assigned_to) IS DISTINCT FROM (n.created_by, n.assigned_to, n.re_assigned_to));
BEGIN
  PERFORM kept_refresh('follow-up', custs);
  PERFORM kept_refresh('requirement', custs);
  PERFORM kept_refresh('quotation', custs);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "kept_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM kept_records WHERE kind = TG_ARGV[0];
  DELETE FROM kept_totals WHERE kind = TG_ARGV[0];
  DELETE FROM kept_days WHERE kind = TG_ARGV[0];
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "customers_kept_inserted" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('customer');--> statement-breakpoint
CREATE TRIGGER "customers_kept_updated" AFTER UPDATE ON "customers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('customer', 'is_deleted', 'created_at', 'created_by', 'assigned_to', 're_assigned_to');--> statement-breakpoint
CREATE TRIGGER "customers_kept_deleted" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('customer');--> statement-breakpoint
CREATE TRIGGER "customers_kept_people_updated" AFTER UPDATE ON "customers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_customer_people_changed"();--> statement-breakpoint
CREATE TRIGGER "customers_kept_emptied" AFTER TRUNCATE ON "customers"
FOR EACH STATEMENT EXECUTE FUNCTION "kept_emptied"('customer');--> statement-breakpoint
CREATE TRIGGER "follow_ups_kept_inserted" AFTER INSERT ON "follow_ups" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('follow-up');--> statement-breakpoint
CREATE TRIGGER "follow_ups_kept_updated" AFTER UPDATE ON "follow_ups" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('follow-up', 'customer_id', 'is_deleted', 'created_at', 'created_by', 'follow_up_by', 'visitors');--> statement-breakpoint
CREATE TRIGGER "follow_ups_kept_deleted" AFTER DELETE ON "follow_ups" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('follow-up');--> statement-breakpoint
CREATE TRIGGER "follow_ups_kept_emptied" AFTER TRUNCATE ON "follow_ups"
FOR EACH STATEMENT EXECUTE FUNCTION "kept_emptied"('follow-up');--> statement-breakpoint
CREATE TRIGGER "requirements_kept_inserted" AFTER INSERT ON "requirements" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('requirement');--> statement-breakpoint
CREATE TRIGGER "requirements_kept_updated" AFTER UPDATE ON "requirements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('requirement', 'customer_id', 'is_deleted', 'created_at', 'created_by', 'status');--> statement-breakpoint
CREATE TRIGGER "requirements_kept_deleted" AFTER DELETE ON "requirements" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('requirement');--> statement-breakpoint
CREATE TRIGGER "requirements_kept_emptied" AFTER TRUNCATE ON "requirements"
FOR EACH STATEMENT EXECUTE FUNCTION "kept_emptied"('requirement');--> statement-breakpoint
CREATE TRIGGER "quotations_kept_inserted" AFTER INSERT ON "quotations" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('quotation');--> statement-breakpoint
CREATE TRIGGER "quotations_kept_updated" AFTER UPDATE ON "quotations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('quotation', 'customer_id', 'is_deleted', 'created_at', 'created_by', 'status', 'review_status', 'total_price');--> statement-breakpoint
CREATE TRIGGER "quotations_kept_deleted" AFTER DELETE ON "quotations" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "kept_written"('quotation');--> statement-breakpoint
CREATE TRIGGER "quotations_kept_emptied" AFTER TRUNCATE ON "quotations"
FOR EACH STATEMENT EXECUTE FUNCTION "kept_emptied"('quotation');--> statement-breakpoint
-- The records already written.
SELECT kept_refresh('customer', array(SELECT id FROM customers ORDER BY id));--> statement-breakpoint
SELECT kept_refresh('follow-up', array(SELECT id FROM customers ORDER BY id));--> statement-breakpoint
SELECT kept_refresh('requirement', array(SELECT id FROM customers ORDER BY id));--> statement-breakpoint
SELECT kept_refresh('quotation', array(SELECT id FROM customers ORDER BY id));
