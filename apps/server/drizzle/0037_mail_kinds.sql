ALTER TABLE "mail_outbox" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id","created_at");--> statement-breakpoint
-- What was sent before: its state from the columns it had, its person by the address, its kind by its subject.
UPDATE "mail_outbox" SET "status" = CASE WHEN "delivered" THEN 'sent' WHEN "error" IS NOT NULL THEN 'failed' ELSE 'logged' END;--> statement-breakpoint
UPDATE "mail_outbox" m SET "user_id" = u."id" FROM "users" u WHERE lower(u."email") = lower(m."to");--> statement-breakpoint
UPDATE "mail_outbox" SET "kind" = CASE
  WHEN "subject" LIKE 'Your Karya % code' THEN 'code'
  WHEN "subject" LIKE 'Your follow-ups for %' THEN 'reminder'
  WHEN "subject" LIKE 'Leave %' OR "subject" LIKE 'Your leave %' THEN 'leave'
  ELSE 'other' END;
