CREATE TABLE "answer_versions" (
	"scope" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
