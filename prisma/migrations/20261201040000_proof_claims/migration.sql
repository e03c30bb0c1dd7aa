-- Deposit proofs are copied to a key their order owns, one order per proof
-- (issue 21; decision 0065). The buyer's upload key could be written again
-- through its signed URL after the order was placed, and one upload could be
-- named by a second order. At order time the API copies the upload to
-- `proofs/orders/{uuid}.{jpg|png}`, a key no signed URL can target, and the
-- statement that places the order inserts this row in the same transaction: the
-- primary key on the upload's key refuses its second order.
CREATE TABLE "proof_claims" (
    "source_key" TEXT NOT NULL,
    "order_id" UUID NOT NULL,
    "order_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proof_claims_pkey" PRIMARY KEY ("source_key")
);

CREATE UNIQUE INDEX "proof_claims_order_id_key" ON "proof_claims"("order_id");
CREATE UNIQUE INDEX "proof_claims_order_key_key" ON "proof_claims"("order_key");

ALTER TABLE "proof_claims" ADD CONSTRAINT "proof_claims_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Orders placed before this change named the upload itself (payment_info.file_key):
-- each upload is claimed by its first order, so it cannot be named by a new one. A
-- second order that already named the same upload keeps it; it is not claimed.
INSERT INTO "proof_claims" ("source_key", "order_id", "order_key", "created_at")
SELECT DISTINCT ON (payment_info ->> 'file_key')
       payment_info ->> 'file_key', id, payment_info ->> 'file_key', created_at
  FROM "orders"
 WHERE payment_info ->> 'file_key' IS NOT NULL
 ORDER BY payment_info ->> 'file_key', created_at, id;
