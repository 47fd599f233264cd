-- Typo correction (decision 027): trigram similarity over the words of published names and categories.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);
--> statement-breakpoint
-- The words go in when a post is published (and when a published post's name or category changes).
-- Sorted, so two publishes adding the same new words never wait on each other in opposite orders.
CREATE FUNCTION remember_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.published_at IS NOT NULL THEN
    INSERT INTO search_terms (term)
      SELECT DISTINCT w FROM unnest(tsvector_to_array(to_tsvector('simple', NEW.name || ' ' || NEW.category))) AS w
      WHERE length(w) BETWEEN 4 AND 40 AND w ~ '^[[:alpha:]]+$'
      ORDER BY w
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_remember_search_terms AFTER INSERT OR UPDATE OF name, category, published_at ON posts
  FOR EACH ROW EXECUTE FUNCTION remember_search_terms();
--> statement-breakpoint
INSERT INTO search_terms (term)
  SELECT DISTINCT w FROM posts, unnest(tsvector_to_array(to_tsvector('simple', posts.name || ' ' || posts.category))) AS w
  WHERE posts.published_at IS NOT NULL AND length(w) BETWEEN 4 AND 40 AND w ~ '^[[:alpha:]]+$'
  ORDER BY w
ON CONFLICT DO NOTHING;
