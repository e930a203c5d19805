DROP INDEX "customers_live_name_idx";--> statement-breakpoint
CREATE INDEX "customers_live_name_idx" ON "customers" USING btree ("is_deleted",lower("name"),"id","number_of_students","name");