ALTER TABLE "sales" ADD COLUMN "e_way_bill_no" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "vehicle_no" text;