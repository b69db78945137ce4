DROP INDEX "tsig_keys_name_idx";--> statement-breakpoint
DROP INDEX "tsig_keys_zone_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "tsig_keys_zone_name_idx" ON "tsig_keys" USING btree ("zone_id","name");