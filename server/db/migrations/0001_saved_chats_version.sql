ALTER TABLE "profiles" ADD COLUMN "chats_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that adds, changes or removes saved chats raises the version
-- of each person it touched, once per statement, whoever runs it (the routes,
-- the retention job, an account deletion): a cached chat list is good only
-- while the version it was read at is still current.
CREATE FUNCTION "bump_chats_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profiles" SET "chats_version" = "chats_version" + 1
  WHERE "id" IN (SELECT DISTINCT "user_id" FROM "changed_chats");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "saved_chats_version_on_insert" AFTER INSERT ON "saved_chats"
  REFERENCING NEW TABLE AS "changed_chats" FOR EACH STATEMENT EXECUTE FUNCTION "bump_chats_version"();
--> statement-breakpoint
CREATE TRIGGER "saved_chats_version_on_update" AFTER UPDATE ON "saved_chats"
  REFERENCING NEW TABLE AS "changed_chats" FOR EACH STATEMENT EXECUTE FUNCTION "bump_chats_version"();
--> statement-breakpoint
CREATE TRIGGER "saved_chats_version_on_delete" AFTER DELETE ON "saved_chats"
  REFERENCING OLD TABLE AS "changed_chats" FOR EACH STATEMENT EXECUTE FUNCTION "bump_chats_version"();
