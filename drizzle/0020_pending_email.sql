-- An address asked for by PATCH /v1/account waits here until it is verified
-- (issue 22, finding 5). Not unique: only the account's own address is.
ALTER TABLE "accounts" ADD COLUMN "pending_email" text;