ALTER TABLE "compression_jobs" ADD COLUMN "compare_blob" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "compare_blob" text;