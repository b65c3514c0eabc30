ALTER TABLE "users" ADD COLUMN "card_token" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_exp_year" integer;