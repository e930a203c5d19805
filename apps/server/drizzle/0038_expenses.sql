CREATE SEQUENCE "public"."expense_claim_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "expense_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_no" integer DEFAULT nextval('expense_claim_no_seq') NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"from_date" date,
	"to_date" date,
	"submitted_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"paid_by" text,
	"paid_at" timestamp with time zone,
	"paid_on" date,
	"payment_reference" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_claims_total_ck" CHECK ("expense_claims"."total_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "expense_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_paise" integer NOT NULL,
	"distance_tenths" integer,
	"rate_paise" integer,
	"customer_id" text,
	"follow_up_id" text,
	"receipt_file_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_lines_amount_ck" CHECK ("expense_lines"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "expense_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"rate_paise_per_km" integer NOT NULL,
	"receipt_above_paise" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_claims" ADD CONSTRAINT "expense_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_lines" ADD CONSTRAINT "expense_lines_claim_id_expense_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."expense_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_lines" ADD CONSTRAINT "expense_lines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_lines" ADD CONSTRAINT "expense_lines_follow_up_id_follow_ups_id_fk" FOREIGN KEY ("follow_up_id") REFERENCES "public"."follow_ups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_lines" ADD CONSTRAINT "expense_lines_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_claims_claim_no_uq" ON "expense_claims" USING btree ("claim_no");--> statement-breakpoint
CREATE INDEX "expense_claims_user_created_idx" ON "expense_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "expense_claims_status_submitted_idx" ON "expense_claims" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "expense_claims_created_idx" ON "expense_claims" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "expense_lines_claim_idx" ON "expense_lines" USING btree ("claim_id","position");--> statement-breakpoint
CREATE INDEX "expense_lines_day_idx" ON "expense_lines" USING btree ("day","claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_lines_visit_uq" ON "expense_lines" USING btree ("follow_up_id","user_id") WHERE "expense_lines"."follow_up_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_lines_receipt_uq" ON "expense_lines" USING btree ("receipt_file_id") WHERE "expense_lines"."receipt_file_id" is not null;