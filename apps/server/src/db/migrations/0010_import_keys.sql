ALTER TABLE "bank_details" ADD COLUMN "schluessel" text;--> statement-breakpoint
ALTER TABLE "billing_addresses" ADD COLUMN "schluessel" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "schluessel" text;--> statement-breakpoint
CREATE UNIQUE INDEX "meter_channels_meter_obis_uq" ON "meter_channels" USING btree ("meter_id","obiskennzahl");--> statement-breakpoint
CREATE UNIQUE INDEX "meters_contract_nummer_uq" ON "meters" USING btree ("contract_id","nummer");--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_schluessel_unique" UNIQUE("schluessel");--> statement-breakpoint
ALTER TABLE "billing_addresses" ADD CONSTRAINT "billing_addresses_schluessel_unique" UNIQUE("schluessel");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_schluessel_unique" UNIQUE("schluessel");