CREATE TABLE "error_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fingerprint" text NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"culprit" text,
	"event_count" bigint DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"first_release" text NOT NULL,
	"last_release" text NOT NULL,
	CONSTRAINT "error_issues_fingerprint_unique" UNIQUE("fingerprint"),
	CONSTRAINT "error_issues_source_check" CHECK ("error_issues"."source" in ('site', 'dashboard', 'api', 'job', 'dns'))
);
--> statement-breakpoint
CREATE TABLE "error_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"release" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"route" text,
	"browser" text,
	"frames" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "error_events" ADD CONSTRAINT "error_events_issue_id_error_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."error_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_issues_last_seen_idx" ON "error_issues" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "error_events_issue_idx" ON "error_events" USING btree ("issue_id","received_at");--> statement-breakpoint
CREATE INDEX "error_events_received_idx" ON "error_events" USING btree ("received_at");
