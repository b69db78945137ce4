-- One row per role a single DNS node of the deployment holds at a time (decision 047): `notify` sends NOTIFY to customers' secondaries.
CREATE TABLE "dns_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
