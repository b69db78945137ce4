CREATE TABLE "secondary_zones" (
	"zone_id" uuid PRIMARY KEY NOT NULL,
	"primaries" jsonb NOT NULL,
	"last_serial" bigint,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"next_refresh_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zones" DROP CONSTRAINT "zones_type_check";--> statement-breakpoint
ALTER TABLE "secondary_zones" ADD CONSTRAINT "secondary_zones_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_type_check" CHECK ("zones"."type" in ('primary', 'secondary'));