CREATE TABLE "conversion_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"input_format" text NOT NULL,
	"target_format" text NOT NULL,
	"input_blob" text,
	"original_size" bigint NOT NULL,
	"output_blob" text,
	"output_format" text,
	"converted_size" bigint,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "conversion_jobs_status_idx" ON "conversion_jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "conversion_jobs_expires_at_idx" ON "conversion_jobs" USING btree ("expires_at");