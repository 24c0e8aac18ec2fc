CREATE TABLE "bridge_keys" (
	"recipient_id" uuid NOT NULL,
	"epoch_id" text NOT NULL,
	"wrapped_key" "bytea" NOT NULL,
	"sender_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bridge_keys_recipient_id_epoch_id_pk" PRIMARY KEY("recipient_id","epoch_id")
);
--> statement-breakpoint
CREATE TABLE "bridge_messages" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bridge_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_id" uuid,
	"epoch_id" text NOT NULL,
	"body" "bytea" NOT NULL,
	"request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bridge_keys" ADD CONSTRAINT "bridge_keys_recipient_id_accounts_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bridge_keys" ADD CONSTRAINT "bridge_keys_sender_id_accounts_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bridge_messages" ADD CONSTRAINT "bridge_messages_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bridge_keys_epoch_idx" ON "bridge_keys" USING btree ("epoch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bridge_messages_request_idx" ON "bridge_messages" USING btree ("author_id","request_id") WHERE "bridge_messages"."request_id" is not null;