ALTER TABLE "post_images" ADD COLUMN "medium_key" text;--> statement-breakpoint
CREATE INDEX "post_images_medium_key_idx" ON "post_images" USING btree ("medium_key");