ALTER TABLE "zones" ADD COLUMN "rrset_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "zones" SET "rrset_count" = (SELECT count(*) FROM "rrsets" WHERE "rrsets"."zone_id" = "zones"."id");
