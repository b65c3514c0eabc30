CREATE TABLE "provider_subscriptions" (
	"provider" text NOT NULL,
	"subscription_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_subscriptions_provider_subscription_id_pk" PRIMARY KEY("provider","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"with_trial" boolean NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"period_end" timestamp with time zone,
	"charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "compression_jobs" ADD COLUMN "checkout_reference" text;--> statement-breakpoint
ALTER TABLE "compression_jobs" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_subscriptions" ADD CONSTRAINT "provider_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_subscriptions_user_idx" ON "provider_subscriptions" USING btree ("user_id");