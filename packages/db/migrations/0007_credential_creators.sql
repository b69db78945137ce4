ALTER TABLE "api_keys" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_key_created_by" uuid;