CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"handle" text,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"discoverable_by_email" boolean DEFAULT false NOT NULL,
	"hash_salt" "bytea" NOT NULL,
	"auth_hash" "bytea" NOT NULL,
	"recovery_hash" "bytea" NOT NULL,
	"kdf_iterations" integer NOT NULL,
	"kdf_salt" "bytea" NOT NULL,
	"wrapped_master_key" "bytea" NOT NULL,
	"recovery_wrapped_master_key" "bytea" NOT NULL,
	"public_key" "bytea",
	"wrapped_private_key" "bytea",
	"complimentary" boolean DEFAULT false NOT NULL,
	"subscription_status" text DEFAULT 'none' NOT NULL,
	"subscription_plan" text,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"passkey_offer_declined" boolean DEFAULT false NOT NULL,
	"account_bytes" bigint DEFAULT 0 NOT NULL,
	"note_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"token_hash" "bytea" PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_counters" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"step" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "analytics_counters_day_kind_name_step_pk" PRIMARY KEY("day","kind","name","step")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_handle_key" ON "accounts" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");