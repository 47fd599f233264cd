ALTER TABLE "posts" ADD COLUMN "status" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;