-- The search index a ranked search walks (decision 033): each word of each listed post, ordered by
-- (word, published_at, post_id), so the newest posts with a word are an index-only walk, however many
-- posts have it. "place" (3 name, 2 category/city/location, 1 details) rides in the index.
CREATE TABLE "search_postings" (
	"lexeme" text COLLATE "C" NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"post_id" integer NOT NULL,
	"place" smallint NOT NULL,
	CONSTRAINT "search_postings_lexeme_published_at_post_id_pk" PRIMARY KEY("lexeme","published_at","post_id") INCLUDE ("place")
);
--> statement-breakpoint
-- Listed as the feeds mean it (posts/policy.ts postVisibility.listed, which the search applies again
-- to each post it shows), less expiry: a reader compares published_at with its cutoff.
CREATE FUNCTION post_is_listed(p posts) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p.is_published AND p.published_at IS NOT NULL AND p.moderation = 'visible'
    AND NOT p.author_suspended AND p.status <> 'sold'
$$;
--> statement-breakpoint
-- A post's postings: each lexeme of its search_vector, with the best place it has (weights A, B, C).
CREATE FUNCTION post_search_postings(p posts) RETURNS TABLE (lexeme text, place smallint) LANGUAGE sql IMMUTABLE AS $$
  SELECT l.lexeme,
    coalesce((SELECT max(CASE w WHEN 'A' THEN 3 WHEN 'B' THEN 2 ELSE 1 END) FROM unnest(l.weights) w), 1)::smallint
  FROM unnest(p.search_vector) l
$$;
--> statement-breakpoint
-- Every write to a post leaves its postings equal to post_search_postings of the new row when it is
-- listed, and none when not: the old row's are deleted by their keys, the new row's inserted.
CREATE FUNCTION keep_search_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND post_is_listed(OLD) = post_is_listed(NEW)
    AND OLD.search_vector IS NOT DISTINCT FROM NEW.search_vector
    AND OLD.published_at IS NOT DISTINCT FROM NEW.published_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND post_is_listed(OLD) THEN
    DELETE FROM search_postings
      WHERE lexeme = ANY (tsvector_to_array(OLD.search_vector))
        AND published_at = OLD.published_at AND post_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND post_is_listed(NEW) THEN
    INSERT INTO search_postings (lexeme, published_at, post_id, place)
      SELECT s.lexeme, NEW.published_at, NEW.id, s.place FROM post_search_postings(NEW) s;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_keep_search_postings
  AFTER INSERT OR DELETE OR UPDATE OF name, category, city, location, details, published_at, is_published,
    moderation, author_suspended, status
  ON posts FOR EACH ROW EXECUTE FUNCTION keep_search_postings();
--> statement-breakpoint
CREATE FUNCTION forget_search_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_postings;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_forget_search_postings AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION forget_search_postings();
--> statement-breakpoint
INSERT INTO search_postings (lexeme, published_at, post_id, place)
  SELECT s.lexeme, p.published_at, p.id, s.place FROM posts p, post_search_postings(p) s
  WHERE post_is_listed(p);
--> statement-breakpoint
-- The typo check's "does a name or category word start with it" (feed/typos.ts): an index range in
-- any collation, not a scan of every word.
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops);
