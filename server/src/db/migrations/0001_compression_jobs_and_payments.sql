CREATE TABLE "compression_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"status" text NOT NULL,
	"level" text NOT NULL,
	"file_name" text NOT NULL,
	"input_format" text NOT NULL,
	"input_blob" text,
	"original_size" bigint NOT NULL,
	"output_blob" text,
	"output_format" text,
	"compressed_size" bigint,
	"unchanged" boolean,
	"recipe" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requires_payment" boolean DEFAULT false NOT NULL,
	"payment_amount" numeric(10, 2),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"download_expires_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"currency" text NOT NULL,
	"user_id" uuid,
	"job_id" uuid,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_reference_unique" UNIQUE("provider_reference")
);
--> statement-breakpoint
ALTER TABLE "compression_jobs" ADD CONSTRAINT "compression_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_job_id_compression_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."compression_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compression_jobs_status_idx" ON "compression_jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "compression_jobs_expires_at_idx" ON "compression_jobs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");