ALTER TABLE "files" DROP CONSTRAINT "files_share_token_unique";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "share_token";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "share_expires_at";