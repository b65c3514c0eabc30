CREATE TABLE "chunk_uploads" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"address" text NOT NULL,
	"declared_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chunk_uploads" ADD CONSTRAINT "chunk_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chunk_uploads_address_idx" ON "chunk_uploads" USING btree ("address");--> statement-breakpoint
CREATE INDEX "chunk_uploads_user_idx" ON "chunk_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chunk_uploads_created_at_idx" ON "chunk_uploads" USING btree ("created_at");