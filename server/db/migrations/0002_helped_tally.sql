CREATE TABLE "helped_tally" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"retired" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helped_tally_single_row" CHECK ("helped_tally"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "helped_tally" ("id", "retired") VALUES (1, 0);
--> statement-breakpoint
-- The helped counter counts distinct accounts and distinct guests with an
-- answered usage row. When a statement deletes usage rows, those of them who
-- have no answered row left would drop out of that count: they are added to
-- the tally instead, so the people helped stay counted.
CREATE FUNCTION "retire_helped_people"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "helped_tally" SET "retired" = "retired"
    + (SELECT count(DISTINCT g."user_id") FROM "gone_usage" g
       WHERE g."answered" AND g."user_id" IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM "usage_events" u WHERE u."answered" AND u."user_id" = g."user_id"))
    + (SELECT count(DISTINCT g."guest_id") FROM "gone_usage" g
       WHERE g."answered" AND g."guest_id" IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM "usage_events" u WHERE u."answered" AND u."guest_id" = g."guest_id"))
  WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "usage_events_retire_helped" AFTER DELETE ON "usage_events"
  REFERENCING OLD TABLE AS "gone_usage" FOR EACH STATEMENT EXECUTE FUNCTION "retire_helped_people"();
