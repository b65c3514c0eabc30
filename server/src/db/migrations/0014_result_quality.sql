ALTER TABLE "compression_jobs" ADD COLUMN "quality_score" double precision;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "quality_score" double precision;