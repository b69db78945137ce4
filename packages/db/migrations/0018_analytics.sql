CREATE TABLE "site_daily_counts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "site_daily_counts_day_kind_key_pk" PRIMARY KEY("day","kind","key"),
	CONSTRAINT "site_daily_counts_kind_check" CHECK ("site_daily_counts"."kind" in ('page', 'referrer', 'click'))
);
--> statement-breakpoint
CREATE TABLE "funnel_events" (
	"customer_id" uuid NOT NULL,
	"step" text NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "funnel_events_customer_id_step_pk" PRIMARY KEY("customer_id","step"),
	CONSTRAINT "funnel_events_step_check" CHECK ("funnel_events"."step" in ('signed_up', 'email_verified', 'first_zone', 'delegated', 'first_paid_invoice'))
);
--> statement-breakpoint
ALTER TABLE "funnel_events" ADD CONSTRAINT "funnel_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funnel_events_reached_idx" ON "funnel_events" USING btree ("reached_at");
