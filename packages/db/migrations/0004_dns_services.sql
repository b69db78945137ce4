CREATE TABLE "cryptokeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"keytype" text NOT NULL,
	"algorithm" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"flags" integer NOT NULL,
	"key_tag" integer NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cryptokeys_keytype_check" CHECK ("cryptokeys"."keytype" in ('ksk', 'zsk')),
	CONSTRAINT "cryptokeys_algorithm_check" CHECK ("cryptokeys"."algorithm" in ('ECDSAP256SHA256', 'ED25519', 'RSASHA256')),
	CONSTRAINT "cryptokeys_flags_check" CHECK ("cryptokeys"."flags" in (256, 257))
);
--> statement-breakpoint
CREATE TABLE "tsig_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"algorithm" text DEFAULT 'hmac-sha256' NOT NULL,
	"secret" text NOT NULL,
	"can_update" boolean DEFAULT true NOT NULL,
	"can_transfer" boolean DEFAULT false NOT NULL,
	"record_policies" jsonb,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tsig_keys_algorithm_check" CHECK ("tsig_keys"."algorithm" in ('hmac-sha256', 'hmac-sha384', 'hmac-sha512'))
);
--> statement-breakpoint
CREATE TABLE "zone_secondaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"address" text NOT NULL,
	"port" integer DEFAULT 53 NOT NULL,
	"tsig_key_id" uuid NOT NULL,
	"notified_serial" bigint,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zone_secondaries_port_check" CHECK ("zone_secondaries"."port" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "query_counts" (
	"zone_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"qtype" integer NOT NULL,
	"rcode" integer NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "query_counts_zone_id_hour_qtype_rcode_pk" PRIMARY KEY("zone_id","hour","qtype","rcode")
);
--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "nsec3" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cryptokeys" ADD CONSTRAINT "cryptokeys_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tsig_keys" ADD CONSTRAINT "tsig_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tsig_keys" ADD CONSTRAINT "tsig_keys_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_secondaries" ADD CONSTRAINT "zone_secondaries_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_secondaries" ADD CONSTRAINT "zone_secondaries_tsig_key_id_tsig_keys_id_fk" FOREIGN KEY ("tsig_key_id") REFERENCES "public"."tsig_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_counts" ADD CONSTRAINT "query_counts_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cryptokeys_zone_idx" ON "cryptokeys" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tsig_keys_name_idx" ON "tsig_keys" USING btree ("name");--> statement-breakpoint
CREATE INDEX "tsig_keys_zone_idx" ON "tsig_keys" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zone_secondaries_address_idx" ON "zone_secondaries" USING btree ("zone_id","address","port");