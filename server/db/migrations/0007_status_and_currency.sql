ALTER TABLE "posts" ADD COLUMN "status" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
-- Posts priced in ZiG before the currency existed ("ZiG 5000", "zwg 300") are in ZiG, not US dollars.
UPDATE "posts" SET "currency" = 'ZiG' WHERE "price" ~* '^[[:space:]]*(zig|zwg)([^[:alpha:]]|$)';
