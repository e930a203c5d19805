CREATE TABLE "win_loss_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "projects_live_created_idx";--> statement-breakpoint
DROP INDEX "rejection_analyses_live_date_idx";--> statement-breakpoint
CREATE INDEX "projects_win_loss_idx" ON "projects" USING btree ("is_deleted","created_at","total_price","customer_kind","customer_district","days_to_approval","quotation_created_by","customer_id");--> statement-breakpoint
CREATE INDEX "rejection_analyses_win_loss_idx" ON "rejection_analyses" USING btree ("is_deleted","rejection_date","quoted_amount","lost_to","customer_kind","customer_district","quotation_created_by","customer_id","competitor_name");--> statement-breakpoint
-- The version of what the wins-and-losses page reads (modules/win-loss/win-loss-cache.ts): counted up in the
-- writing transaction by every outcome row inserted or deleted and every row whose counted column an update
-- changes (never by a statement that touched no row: a refused call changes nothing), however it is made
-- (a route, a cascade from a customer deleted for good, the command line). A restore loads the tables with user triggers disabled (ops/restore.ts): the row comes back as it was.
CREATE FUNCTION "win_loss_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "win_loss_version" ("id", "version") VALUES (1, 1)
  ON CONFLICT ("id") DO UPDATE SET "version" = "win_loss_version"."version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "projects_win_loss_written" AFTER INSERT OR DELETE ON "projects"
FOR EACH ROW EXECUTE FUNCTION "win_loss_changed"();--> statement-breakpoint
CREATE TRIGGER "projects_win_loss_emptied" AFTER TRUNCATE ON "projects"
FOR EACH STATEMENT EXECUTE FUNCTION "win_loss_changed"();--> statement-breakpoint
CREATE TRIGGER "projects_win_loss_changed" AFTER UPDATE OF "is_deleted", "created_at", "total_price",
  "customer_id", "customer_kind", "customer_district", "days_to_approval", "quotation_created_by" ON "projects"
FOR EACH ROW WHEN ((OLD."is_deleted", OLD."created_at", OLD."total_price", OLD."customer_id", OLD."customer_kind",
  OLD."customer_district", OLD."days_to_approval", OLD."quotation_created_by")
  IS DISTINCT FROM (NEW."is_deleted", NEW."created_at", NEW."total_price", NEW."customer_id", NEW."customer_kind",
  NEW."customer_district", NEW."days_to_approval", NEW."quotation_created_by"))
EXECUTE FUNCTION "win_loss_changed"();--> statement-breakpoint
CREATE TRIGGER "rejection_analyses_win_loss_written" AFTER INSERT OR DELETE ON "rejection_analyses"
FOR EACH ROW EXECUTE FUNCTION "win_loss_changed"();--> statement-breakpoint
CREATE TRIGGER "rejection_analyses_win_loss_emptied" AFTER TRUNCATE ON "rejection_analyses"
FOR EACH STATEMENT EXECUTE FUNCTION "win_loss_changed"();--> statement-breakpoint
CREATE TRIGGER "rejection_analyses_win_loss_changed" AFTER UPDATE OF "is_deleted", "rejection_date",
  "quoted_amount", "lost_to", "competitor_name", "rejection_reasons", "customer_id", "customer_kind",
  "customer_district", "quotation_created_by" ON "rejection_analyses"
FOR EACH ROW WHEN ((OLD."is_deleted", OLD."rejection_date", OLD."quoted_amount", OLD."lost_to",
  OLD."competitor_name", OLD."rejection_reasons", OLD."customer_id", OLD."customer_kind", OLD."customer_district",
  OLD."quotation_created_by")
  IS DISTINCT FROM (NEW."is_deleted", NEW."rejection_date", NEW."quoted_amount", NEW."lost_to",
  NEW."competitor_name", NEW."rejection_reasons", NEW."customer_id", NEW."customer_kind", NEW."customer_district",
  NEW."quotation_created_by"))
EXECUTE FUNCTION "win_loss_changed"();
