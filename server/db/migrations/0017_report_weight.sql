-- Reports that one person cannot weaponise (issue 36, decision 014): the sign-up and report addresses as keyed
-- hashes, when a moderator decided on a report (reports closed before this have none and count as no dismissal),
-- and a target's last restore found by index.
ALTER TABLE "reports" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_address" text;--> statement-breakpoint
CREATE INDEX "moderation_actions_restore_idx" ON "moderation_actions" USING btree ("target_type","target_id","created_at" DESC NULLS LAST) WHERE "moderation_actions"."action" = 'restore';--> statement-breakpoint
CREATE INDEX "reports_reporter_decided_idx" ON "reports" USING btree ("reporter_id","decided_at") WHERE "reports"."decided_at" is not null;