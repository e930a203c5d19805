CREATE INDEX "follow_up_work_due_idx" ON "follow_up_work" USING btree ("due_day","due_time","follow_up_id");--> statement-breakpoint
CREATE INDEX "follow_up_work_people_idx" ON "follow_up_work" USING gin ("people");--> statement-breakpoint
-- The CRM dashboard's product item figures kept by the writes (decision 0026): live items per state, as
-- kept_totals' kind 'item' for everyone ('*'). An item belongs to no customer and no one's scope, so a row
-- trigger adds and takes away as each row changes; the count's row lock orders the writers.
CREATE FUNCTION "kept_item_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_deleted = false THEN
    INSERT INTO kept_totals AS t ("kind", "scope", "bucket", "n", "amount") VALUES ('item', '*', OLD.state, -1, 0)
    ON CONFLICT ("kind", "scope", "bucket") DO UPDATE SET "n" = t."n" - 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.is_deleted = false THEN
    INSERT INTO kept_totals AS t ("kind", "scope", "bucket", "n", "amount") VALUES ('item', '*', NEW.state, 1, 0)
    ON CONFLICT ("kind", "scope", "bucket") DO UPDATE SET "n" = t."n" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_items_kept_written" AFTER INSERT OR DELETE ON "product_items"
FOR EACH ROW EXECUTE FUNCTION "kept_item_written"();--> statement-breakpoint
CREATE TRIGGER "product_items_kept_changed" AFTER UPDATE OF "is_deleted", "state" ON "product_items"
FOR EACH ROW WHEN ((OLD."is_deleted", OLD."state") IS DISTINCT FROM (NEW."is_deleted", NEW."state"))
EXECUTE FUNCTION "kept_item_written"();--> statement-breakpoint
CREATE TRIGGER "product_items_kept_emptied" AFTER TRUNCATE ON "product_items"
FOR EACH STATEMENT EXECUTE FUNCTION "kept_emptied"('item');--> statement-breakpoint
INSERT INTO kept_totals ("kind", "scope", "bucket", "n", "amount")
SELECT 'item', '*', state, count(*)::int, 0 FROM product_items WHERE is_deleted = false GROUP BY state;
