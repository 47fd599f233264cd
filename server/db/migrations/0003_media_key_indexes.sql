CREATE INDEX "post_images_thumb_key_idx" ON "post_images" USING btree ("thumb_key");--> statement-breakpoint
CREATE INDEX "post_images_full_key_idx" ON "post_images" USING btree ("full_key");