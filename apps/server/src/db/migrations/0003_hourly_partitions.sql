-- Hourly consumption partitioned by month (DESIGN decision 14): a year of a million customers
-- stays a set of small tables. Months are German months; the server creates each month's
-- partition ahead (src/db/partitions.ts) before rows for it are written. Same names of keys as
-- the Drizzle schema, so that later generated migrations still match.
ALTER TABLE "hourly_consumption" RENAME TO "hourly_consumption_unpartitioned";--> statement-breakpoint
ALTER TABLE "hourly_consumption_unpartitioned" RENAME CONSTRAINT "hourly_consumption_contract_id_von_pk" TO "hourly_consumption_unpartitioned_pk";--> statement-breakpoint
ALTER TABLE "hourly_consumption_unpartitioned" DROP CONSTRAINT "hourly_consumption_contract_id_contracts_id_fk";--> statement-breakpoint
CREATE TABLE "hourly_consumption" (
	"contract_id" integer NOT NULL,
	"von" timestamp with time zone NOT NULL,
	"verbrauch" numeric(12, 4) NOT NULL,
	CONSTRAINT "hourly_consumption_contract_id_von_pk" PRIMARY KEY("contract_id","von")
) PARTITION BY RANGE ("von");--> statement-breakpoint
ALTER TABLE "hourly_consumption" ADD CONSTRAINT "hourly_consumption_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DO $$
DECLARE
  first_month timestamp;
  last_month timestamp;
  month timestamp;
BEGIN
  SELECT date_trunc('month', min("von") AT TIME ZONE 'Europe/Berlin'),
         date_trunc('month', max("von") AT TIME ZONE 'Europe/Berlin')
    INTO first_month, last_month
    FROM "hourly_consumption_unpartitioned";
  month := first_month;
  WHILE month IS NOT NULL AND month <= last_month LOOP
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS %I PARTITION OF "hourly_consumption" FOR VALUES FROM (%L) TO (%L)',
      'hourly_consumption_' || to_char(month, 'YYYY_MM'),
      (month AT TIME ZONE 'Europe/Berlin'),
      ((month + interval '1 month') AT TIME ZONE 'Europe/Berlin'));
    month := month + interval '1 month';
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "hourly_consumption" SELECT "contract_id", "von", "verbrauch" FROM "hourly_consumption_unpartitioned";--> statement-breakpoint
DROP TABLE "hourly_consumption_unpartitioned";
