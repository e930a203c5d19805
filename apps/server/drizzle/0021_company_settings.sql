CREATE TABLE "company_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"gstin" text,
	"state" text NOT NULL,
	"logo" jsonb,
	"bank_account_name" text DEFAULT '' NOT NULL,
	"bank_account_number" text DEFAULT '' NOT NULL,
	"ifsc" text DEFAULT '' NOT NULL,
	"bank_branch" text DEFAULT '' NOT NULL,
	"terms" text NOT NULL,
	"declaration" text NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text
);
