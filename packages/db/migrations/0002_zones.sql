CREATE TABLE "rrsets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"type_code" integer NOT NULL,
	"sort_key" text COLLATE "C" NOT NULL,
	"ttl" integer NOT NULL,
	"contents" text[] NOT NULL,
	"managed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rrsets_contents_check" CHECK (cardinality("rrsets"."contents") > 0)
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'primary' NOT NULL,
	"region" text NOT NULL,
	"ttl" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"serial" bigint NOT NULL,
	"record_count" integer DEFAULT 0 NOT NULL,
	"dnssec_enabled" boolean DEFAULT false NOT NULL,
	"dnssec_state" text DEFAULT 'off' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zones_type_check" CHECK ("zones"."type" in ('primary')),
	CONSTRAINT "zones_region_check" CHECK ("zones"."region" in ('EU_GLOBAL', 'EU', 'GLOBAL')),
	CONSTRAINT "zones_status_check" CHECK ("zones"."status" in ('active', 'disabled', 'deleting')),
	CONSTRAINT "zones_dnssec_state_check" CHECK ("zones"."dnssec_state" in ('off', 'signing', 'active', 'disabling')),
	CONSTRAINT "zones_serial_check" CHECK ("zones"."serial" between 0 and 4294967295)
);
--> statement-breakpoint
CREATE TABLE "zone_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"zone_id" uuid NOT NULL,
	"previous_serial" bigint NOT NULL,
	"serial" bigint NOT NULL,
	"source" text NOT NULL,
	"actor" jsonb NOT NULL,
	"removed" jsonb NOT NULL,
	"added" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rrsets" ADD CONSTRAINT "rrsets_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_changes" ADD CONSTRAINT "zone_changes_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rrsets_zone_name_type_idx" ON "rrsets" USING btree ("zone_id","name","type");--> statement-breakpoint
CREATE INDEX "rrsets_zone_order_idx" ON "rrsets" USING btree ("zone_id","sort_key","type_code");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_name_idx" ON "zones" USING btree ("name");--> statement-breakpoint
CREATE INDEX "zones_customer_idx" ON "zones" USING btree ("customer_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "zone_changes_zone_serial_idx" ON "zone_changes" USING btree ("zone_id","serial");--> statement-breakpoint
CREATE INDEX "zone_changes_zone_idx" ON "zone_changes" USING btree ("zone_id","id");