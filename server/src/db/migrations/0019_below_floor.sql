ALTER TABLE "compression_jobs" ADD COLUMN "below_floor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "compression_jobs" ADD COLUMN "target_below_floor" boolean;