-- The product catalog (@kaja/catalog): a test keeps these rows equal to it.
INSERT INTO "plans" ("id", "name", "description", "price_cents", "currency", "period", "zones_limit", "records_limit", "queries_per_month", "features", "popular", "contact_sales", "rate_limit_read", "rate_limit_write", "sort_order") VALUES ('nano', 'Nano', 'For personal projects and small sites.', 495, 'EUR', 'month', 5, 200, 2000000, '["Up to 5 domains","Up to 200 records","2,000,000 queries per month","Basic support","API access"]'::jsonb, false, false, 300, 60, 1);
--> statement-breakpoint
INSERT INTO "plans" ("id", "name", "description", "price_cents", "currency", "period", "zones_limit", "records_limit", "queries_per_month", "features", "popular", "contact_sales", "rate_limit_read", "rate_limit_write", "sort_order") VALUES ('pro', 'Pro', 'For growing businesses with many domains.', 1995, 'EUR', 'month', 25, 2000, 20000000, '["Up to 25 domains","Up to 2000 records","20,000,000 queries per month","Priority support","Advanced metrics"]'::jsonb, true, false, 1200, 300, 2);
--> statement-breakpoint
INSERT INTO "plans" ("id", "name", "description", "price_cents", "currency", "period", "zones_limit", "records_limit", "queries_per_month", "features", "popular", "contact_sales", "rate_limit_read", "rate_limit_write", "sort_order") VALUES ('scale', 'Scale', 'For organisations that need unlimited scale and guarantees.', NULL, 'EUR', 'month', NULL, NULL, NULL, '["Unlimited domains","24/7 dedicated support","Custom integrations","Advanced security","SLA guarantees"]'::jsonb, false, true, 6000, 1200, 3);
--> statement-breakpoint
INSERT INTO "regions" ("name", "status", "summary") VALUES ('North America', 'online', 'All systems operational.');
--> statement-breakpoint
INSERT INTO "regions" ("name", "status", "summary") VALUES ('Europe', 'online', 'All systems operational.');
--> statement-breakpoint
INSERT INTO "regions" ("name", "status", "summary") VALUES ('Asia', 'online', 'All systems operational.');
--> statement-breakpoint
INSERT INTO "regions" ("name", "status", "summary") VALUES ('South America', 'online', 'All systems operational.');
--> statement-breakpoint
INSERT INTO "regions" ("name", "status", "summary") VALUES ('Oceania', 'online', 'All systems operational.');
--> statement-breakpoint
INSERT INTO "regions" ("name", "status", "summary") VALUES ('Africa', 'NA', 'No regional presence; requests route through the EU or global network.');
