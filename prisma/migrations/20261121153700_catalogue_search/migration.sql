-- Catalogue search (GET /shows?q=, ?tags=): docs/decisions/0007-catalogue-search.md
-- (No semicolons inside comments or strings here: the driver adapter splits the script on them.)

-- Trigram indexes serve LIKE '%term%'. pg_trgm ships with PostgreSQL (contrib) and is a
-- trusted extension since PostgreSQL 13, offered by the managed services.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Lower-case, accent-free "fullname venue", kept by PostgreSQL itself (a STORED generated
-- column), so every writer (organiser API, seed, psql) keeps it right. translate() and
-- lower() are IMMUTABLE built-ins, so no unaccent extension is needed. The two letter
-- lists are SEARCH_FOLD_FROM and SEARCH_FOLD_TO of packages/domain/src/search.ts, which
-- folds the query the same way, and apps/api/test/catalogue-search.test.ts checks that
-- they agree. Upper-case letters are translated before lower() so that the result does
-- not depend on the database's collation.
ALTER TABLE "shows" ADD COLUMN "search_text" TEXT GENERATED ALWAYS AS (
  lower(translate(
    "fullname" || ' ' || "venue",
    'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy'
  ))
) STORED;

-- CreateIndex
CREATE INDEX "shows_search_text_trgm_idx" ON "shows" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "shows_tags_idx" ON "shows" USING GIN ("tags");
