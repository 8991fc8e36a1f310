CREATE TABLE "reading_idempotency_keys" (
	"customer_id" integer NOT NULL,
	"schluessel" text NOT NULL,
	"anfrage" text NOT NULL,
	"status" smallint NOT NULL,
	"antwort" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_idempotency_keys_customer_id_schluessel_pk" PRIMARY KEY("customer_id","schluessel")
);
--> statement-breakpoint
ALTER TABLE "reading_idempotency_keys" ADD CONSTRAINT "reading_idempotency_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;