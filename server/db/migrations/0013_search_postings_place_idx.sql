-- A one-word search's page, read place by place (name first), newest first (feed/ranked.ts, decision 033).
-- Built in the migration's transaction: writes to posts wait for it (13 s at 1M seeded posts).
CREATE INDEX "search_postings_place_idx" ON "search_postings" USING btree ("lexeme","place","published_at","post_id");