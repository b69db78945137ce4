ALTER TABLE "subscriptions" ADD COLUMN "queries_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "queries_over_limit_at" timestamp with time zone;