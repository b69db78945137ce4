CREATE TABLE "dns_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"network" text NOT NULL,
	"region_id" uuid,
	"version" text NOT NULL,
	"journal_position" bigint NOT NULL,
	"journal_lag_seconds" double precision NOT NULL,
	"zones_loaded" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_heartbeat_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dns_nodes_network_check" CHECK ("dns_nodes"."network" in ('EU', 'GLOBAL'))
);
--> statement-breakpoint
CREATE TABLE "incident_regions" (
	"incident_id" uuid NOT NULL,
	"region_id" uuid NOT NULL,
	CONSTRAINT "incident_regions_incident_id_region_id_pk" PRIMARY KEY("incident_id","region_id")
);
--> statement-breakpoint
CREATE TABLE "incident_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_updates_status_check" CHECK ("incident_updates"."status" in ('investigating', 'identified', 'monitoring', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"impact" text NOT NULL,
	"status" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_impact_check" CHECK ("incidents"."impact" in ('none', 'minor', 'major', 'critical')),
	CONSTRAINT "incidents_status_check" CHECK ("incidents"."status" in ('investigating', 'identified', 'monitoring', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "dns_nodes" ADD CONSTRAINT "dns_nodes_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_regions" ADD CONSTRAINT "incident_regions_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_regions" ADD CONSTRAINT "incident_regions_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_updates" ADD CONSTRAINT "incident_updates_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_updates" ADD CONSTRAINT "incident_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dns_nodes_region_idx" ON "dns_nodes" USING btree ("region_id","last_heartbeat_at");--> statement-breakpoint
CREATE INDEX "incident_regions_region_idx" ON "incident_regions" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "incident_updates_incident_idx" ON "incident_updates" USING btree ("incident_id","created_at");--> statement-breakpoint
CREATE INDEX "incidents_created_idx" ON "incidents" USING btree ("created_at");