CREATE TABLE "kt_bindings" (
	"account_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"epoch" bigint NOT NULL,
	"vrf_index" "bytea" NOT NULL,
	"vrf_proof" "bytea" NOT NULL,
	"public_key" "bytea",
	"signing_public_key" "bytea",
	"prev" "bytea" NOT NULL,
	"opening" "bytea" NOT NULL,
	"commitment" "bytea" NOT NULL,
	CONSTRAINT "kt_bindings_account_id_version_pk" PRIMARY KEY("account_id","version")
);
--> statement-breakpoint
CREATE TABLE "kt_cosignatures" (
	"epoch" bigint NOT NULL,
	"witness" "bytea" NOT NULL,
	"signature" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kt_cosignatures_epoch_witness_pk" PRIMARY KEY("epoch","witness")
);
--> statement-breakpoint
CREATE TABLE "kt_heads" (
	"epoch" bigint PRIMARY KEY NOT NULL,
	"timestamp_ms" bigint NOT NULL,
	"tree_root" "bytea" NOT NULL,
	"log_root" "bytea" NOT NULL,
	"signature" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kt_pending" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kt_cosignatures" ADD CONSTRAINT "kt_cosignatures_epoch_kt_heads_epoch_fk" FOREIGN KEY ("epoch") REFERENCES "public"."kt_heads"("epoch") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kt_pending" ADD CONSTRAINT "kt_pending_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kt_bindings_epoch" ON "kt_bindings" USING btree ("epoch");--> statement-breakpoint
-- Hand-written (issue 34): every account that published keys before the log existed
-- is enqueued, so the first epoch logs it.
INSERT INTO "kt_pending" ("account_id")
  SELECT "id" FROM "accounts" WHERE "public_key" IS NOT NULL OR "signing_public_key" IS NOT NULL;
