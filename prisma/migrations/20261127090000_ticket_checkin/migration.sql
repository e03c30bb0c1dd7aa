-- Door check-in (issue 11): when a ticket code was admitted at the door and by whom.
-- One conditional UPDATE (… WHERE checked_in_at IS NULL) admits a code once, whatever
-- the number of phones scanning it at the same moment.
ALTER TABLE "ticket_codes" ADD COLUMN "checked_in_at" TIMESTAMPTZ(3);
ALTER TABLE "ticket_codes" ADD COLUMN "checked_in_by" UUID;
ALTER TABLE "ticket_codes"
  ADD CONSTRAINT "ticket_codes_checked_in_by_fkey" FOREIGN KEY ("checked_in_by")
  REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
