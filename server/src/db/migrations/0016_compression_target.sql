ALTER TABLE "compression_jobs" ADD COLUMN "target_bytes" bigint;--> statement-breakpoint
ALTER TABLE "compression_jobs" ADD COLUMN "target_met" boolean;--> statement-breakpoint
ALTER TABLE "compression_jobs" ADD COLUMN "target_level" text;