ALTER TABLE "query_counts" DROP CONSTRAINT "query_counts_zone_id_zones_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "queries_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "queries_over_limit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "query_counts" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
UPDATE "query_counts" SET "customer_id" = "zones"."customer_id" FROM "zones" WHERE "zones"."id" = "query_counts"."zone_id";--> statement-breakpoint
ALTER TABLE "query_counts" ALTER COLUMN "customer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "query_counts" ADD CONSTRAINT "query_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "query_counts_customer_hour_idx" ON "query_counts" USING btree ("customer_id","hour");
