CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid,
	"category" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_account_idx" ON "feedback" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_pending_idx" ON "feedback" USING btree ("next_attempt_at");