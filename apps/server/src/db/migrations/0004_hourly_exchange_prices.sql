CREATE TABLE "hourly_exchange_prices" (
	"von" timestamp with time zone PRIMARY KEY NOT NULL,
	"preis" numeric(14, 10) NOT NULL
);
