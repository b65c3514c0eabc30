CREATE TABLE "compression_tally" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"original_size" bigint NOT NULL,
	"result_size" bigint NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
