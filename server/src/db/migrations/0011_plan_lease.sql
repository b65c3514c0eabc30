ALTER TABLE "users" ADD COLUMN "plan_lease" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_lease_until" timestamp with time zone;