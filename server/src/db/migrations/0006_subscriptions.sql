ALTER TABLE "users" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "next_charge_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "renewal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_provider" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trial_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status" text DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_key" text;--> statement-breakpoint
CREATE INDEX "users_next_charge_at_idx" ON "users" USING btree ("next_charge_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_user_period_idx" ON "payments" USING btree ("user_id","period_key");