-- When an order's tickets e-mail went out (decision 0048, faults and recovery).
-- Redis may lose its jobs (a FLUSHALL, a restart without persistence): the
-- worker's reconciliation finds APPROVED orders whose e-mail has not been sent
-- and enqueues their tickets job again.
ALTER TABLE "orders" ADD COLUMN "tickets_mailed_at" TIMESTAMPTZ(3);

-- Orders approved before this column existed had their e-mail sent by then:
-- the first reconciliation must not send them again.
UPDATE "orders" SET "tickets_mailed_at" = "updated_at" WHERE "status" = 'APPROVED';

-- Partial: only the few approved orders still waiting for their e-mail.
CREATE INDEX "orders_tickets_unmailed_idx" ON "orders" ("updated_at")
  WHERE "status" = 'APPROVED' AND "tickets_mailed_at" IS NULL;
