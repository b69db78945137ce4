-- A customer's catalog zone (RFC 9432, decision 058) is a zone of type `catalog`, at most one per customer.
ALTER TABLE "zones" DROP CONSTRAINT "zones_type_check";--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_type_check" CHECK ("zones"."type" in ('primary', 'secondary', 'catalog'));--> statement-breakpoint
CREATE UNIQUE INDEX "zones_catalog_customer_idx" ON "zones" USING btree ("customer_id") WHERE "zones"."type" = 'catalog';
