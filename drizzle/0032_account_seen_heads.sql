CREATE TABLE "kt_seen_leaves" (
	"account_id" uuid NOT NULL,
	"epoch" bigint NOT NULL,
	"counter" bigint NOT NULL,
	"digest" "bytea" NOT NULL,
	"vrf_index" "bytea" NOT NULL,
	"vrf_proof" "bytea" NOT NULL,
	"opening" "bytea" NOT NULL,
	"commitment" "bytea" NOT NULL,
	CONSTRAINT "kt_seen_leaves_account_id_epoch_pk" PRIMARY KEY("account_id","epoch")
);
--> statement-breakpoint
CREATE TABLE "kt_seen_pending" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_seen_heads" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"counter" bigint NOT NULL,
	"sealed" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kt_seen_pending" ADD CONSTRAINT "kt_seen_pending_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_seen_heads" ADD CONSTRAINT "account_seen_heads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kt_seen_leaves_epoch" ON "kt_seen_leaves" USING btree ("epoch");