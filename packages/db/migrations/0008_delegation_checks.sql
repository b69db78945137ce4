CREATE TABLE "delegation_checks" (
	"zone_id" uuid PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"parent_zone" text,
	"parent_ns" text[] DEFAULT '{}' NOT NULL,
	"parent_ds" text[] DEFAULT '{}' NOT NULL,
	"problem" text,
	"notified_ds" text,
	"release_warned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "delegation_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "delegation_ns" text DEFAULT 'unchecked' NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "delegation_ds" text DEFAULT 'unchecked' NOT NULL;--> statement-breakpoint
ALTER TABLE "delegation_checks" ADD CONSTRAINT "delegation_checks_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zones_delegation_due_idx" ON "zones" USING btree ("delegation_checked_at");--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_delegation_ns_check" CHECK ("zones"."delegation_ns" in ('unchecked', 'ours', 'partly', 'elsewhere', 'unregistered', 'unknown'));--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_delegation_ds_check" CHECK ("zones"."delegation_ds" in ('unchecked', 'matching', 'missing', 'stale', 'wrong', 'unexpected', 'none', 'unknown'));