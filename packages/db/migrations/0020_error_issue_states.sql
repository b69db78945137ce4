ALTER TABLE "error_issues" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "error_issues" ADD COLUMN "state_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "error_issues" ADD CONSTRAINT "error_issues_state_check" CHECK ("error_issues"."state" in ('open', 'resolved', 'muted'));--> statement-breakpoint
CREATE TABLE "network_query_counts" (
	"network" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "network_query_counts_network_hour_pk" PRIMARY KEY("network","hour"),
	CONSTRAINT "network_query_counts_network_check" CHECK ("network_query_counts"."network" in ('EU', 'GLOBAL'))
);
