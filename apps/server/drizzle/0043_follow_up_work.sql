CREATE TABLE "follow_up_due_days" (
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "follow_up_due_days_scope_day_pk" PRIMARY KEY("scope","day")
);
--> statement-breakpoint
CREATE TABLE "follow_up_due_times" (
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"time" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "follow_up_due_times_scope_day_time_pk" PRIMARY KEY("scope","day","time")
);
--> statement-breakpoint
CREATE TABLE "follow_up_work" (
	"follow_up_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"due_day" date NOT NULL,
	"due_time" text NOT NULL,
	"people" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "follow_up_work_customer_idx" ON "follow_up_work" USING btree ("customer_id");--> statement-breakpoint
-- The follow-up work kept by the writes (issue 29; decision 0026). The rules are those of
-- src/modules/follow-ups/follow-up-due-sql.ts (followUpDueRules): a live follow-up stands for its own work
-- while open (Scheduled, Pending, Postponed; at its date and time), or for its plan's when Completed with a
-- next follow-up required and dated that no later live follow-up of the customer has taken up. The people
-- are those of the scope rules (dashboard.service.ts followUpCountScope and customers/customer-scope.ts): the
-- follow-up's creator, caller and visitors, and the customer's creator and assignees. A server test holds
-- the counts kept here to the counts the rules give (follow-up-work.test.ts).
CREATE FUNCTION "follow_up_work_of"(custs text[]) RETURNS TABLE (
  "follow_up_id" text, "customer_id" text, "due_day" date, "due_time" text, "people" text[]
) LANGUAGE sql STABLE AS $$
  SELECT f.id, f.customer_id,
    CASE WHEN f.status IN ('Scheduled', 'Pending', 'Postponed') THEN f.date ELSE (f.next_follow_up->>'date')::date END,
    CASE WHEN f.status IN ('Scheduled', 'Pending', 'Postponed') THEN f.time ELSE coalesce(f.next_follow_up->>'time', '') END,
    array(SELECT DISTINCT p FROM unnest(array[f.created_by, f.follow_up_by, c.created_by]
      || f.visitors || c.assigned_to || c.re_assigned_to) p WHERE p IS NOT NULL ORDER BY p)
  FROM unnest(custs) k(id)
  JOIN follow_ups f ON f.customer_id = k.id
  JOIN customers c ON c.id = f.customer_id
  WHERE f.is_deleted = false AND (
    f.status IN ('Scheduled', 'Pending', 'Postponed')
    OR (f.status = 'Completed' AND (f.next_follow_up->>'nextRequired') = 'true'
      AND (f.next_follow_up->>'date') IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM follow_ups l WHERE l.customer_id = f.customer_id AND l.is_deleted = false
        AND (l.date, l.time) > (f.date, f.time))))
$$;--> statement-breakpoint
-- Brings the kept work of these customers' follow-ups to what the rules say now, and the counts with it, in
-- one statement. One writer at a time (a transaction-scoped advisory lock, key 29001): the next one's
-- statement starts after the first has committed, so it sees that one's follow-ups (a later follow-up that
-- takes up another's plan), and the counts' rows are always locked in one order (no deadlock between them).
CREATE FUNCTION "follow_up_work_refresh"(custs text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(custs), 0) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(29001);
  WITH fresh AS MATERIALIZED (SELECT * FROM follow_up_work_of(custs)),
  old AS MATERIALIZED (
    SELECT w.* FROM unnest(custs) k(id) JOIN follow_up_work w ON w.customer_id = k.id
  ),
  removed AS (
    SELECT o.* FROM old o WHERE NOT EXISTS (SELECT 1 FROM fresh f
      WHERE (f.follow_up_id, f.customer_id, f.due_day, f.due_time, f.people)
        = (o.follow_up_id, o.customer_id, o.due_day, o.due_time, o.people))
  ),
  added AS (
    SELECT f.* FROM fresh f WHERE NOT EXISTS (SELECT 1 FROM old o
      WHERE (f.follow_up_id, f.customer_id, f.due_day, f.due_time, f.people)
        = (o.follow_up_id, o.customer_id, o.due_day, o.due_time, o.people))
  ),
  dropped AS (
    DELETE FROM follow_up_work w WHERE w.follow_up_id IN (SELECT follow_up_id FROM removed)
      AND w.follow_up_id NOT IN (SELECT follow_up_id FROM added)
  ),
  put AS (
    INSERT INTO follow_up_work SELECT * FROM added
    ON CONFLICT ("follow_up_id") DO UPDATE SET "customer_id" = excluded."customer_id",
      "due_day" = excluded."due_day", "due_time" = excluded."due_time", "people" = excluded."people"
  ),
  delta AS (
    SELECT p AS scope, r.due_day AS day, r.due_time AS time, -1 AS n
      FROM removed r, unnest('{*}'::text[] || r.people) p
    UNION ALL
    SELECT p, a.due_day, a.due_time, 1 FROM added a, unnest('{*}'::text[] || a.people) p
  ),
  days AS (
    INSERT INTO follow_up_due_days AS t ("scope", "day", "n")
    SELECT scope, day, sum(n)::int FROM delta GROUP BY scope, day HAVING sum(n) <> 0 ORDER BY scope, day
    ON CONFLICT ("scope", "day") DO UPDATE SET "n" = t."n" + excluded."n"
  )
  INSERT INTO follow_up_due_times AS t ("scope", "day", "time", "n")
  SELECT scope, day, time, sum(n)::int FROM delta GROUP BY scope, day, time HAVING sum(n) <> 0
  ORDER BY scope, day, time
  ON CONFLICT ("scope", "day", "time") DO UPDATE SET "n" = t."n" + excluded."n";
END
$$;--> statement-breakpoint
-- Follow-ups written (a route, an import, a cascade from a customer deleted for good, the command line): the
-- customers whose follow-ups changed in a way the rules read are refreshed, once per statement.
CREATE FUNCTION "follow_ups_work_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM follow_up_work_refresh(array(SELECT DISTINCT customer_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM follow_up_work_refresh(array(SELECT DISTINCT customer_id FROM old_rows));
  ELSE
    PERFORM follow_up_work_refresh(array(
      SELECT o.customer_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.customer_id, o.status, o.date, o.time, o.is_deleted, o.next_follow_up, o.created_by,
               o.follow_up_by, o.visitors)
          IS DISTINCT FROM (n.customer_id, n.status, n.date, n.time, n.is_deleted, n.next_follow_up,
               n.created_by, n.follow_up_by, n.visitors)
      UNION
      SELECT n.customer_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.customer_id, o.status, o.date, o.time, o.is_deleted, o.next_follow_up, o.created_by,
               o.follow_up_by, o.visitors)
          IS DISTINCT FROM (n.customer_id, n.status, n.date, n.time, n.is_deleted, n.next_follow_up,
               n.created_by, n.follow_up_by, n.visitors)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "follow_ups_work_inserted" AFTER INSERT ON "follow_ups"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "follow_ups_work_written"();--> statement-breakpoint
CREATE TRIGGER "follow_ups_work_updated" AFTER UPDATE ON "follow_ups"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "follow_ups_work_written"();--> statement-breakpoint
CREATE TRIGGER "follow_ups_work_deleted" AFTER DELETE ON "follow_ups"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "follow_ups_work_written"();--> statement-breakpoint
-- A customer's creator or assignees changed: the people of its follow-ups' work change with them.
CREATE FUNCTION "customers_work_people_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM follow_up_work_refresh(array(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.created_by, o.assigned_to, o.re_assigned_to) IS DISTINCT FROM (n.created_by, n.assigned_to, n.re_assigned_to)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "customers_work_people_updated" AFTER UPDATE ON "customers"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "customers_work_people_changed"();--> statement-breakpoint
-- Emptied (a test's reset): what was kept of it goes too.
CREATE FUNCTION "follow_up_work_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM follow_up_work;
  DELETE FROM follow_up_due_days;
  DELETE FROM follow_up_due_times;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "follow_ups_work_emptied" AFTER TRUNCATE ON "follow_ups"
FOR EACH STATEMENT EXECUTE FUNCTION "follow_up_work_emptied"();--> statement-breakpoint
-- The work of the follow-ups already written.
SELECT follow_up_work_refresh(array(SELECT id FROM customers ORDER BY id));
