-- Per-client cap of held places (issue 8, docs/decisions/0017-cart-holds.md): a cart
-- records who holds through it, the user when signed in, else the client address.
ALTER TABLE "carts" ADD COLUMN "client_key" TEXT;

-- Open carts of one client, summed on every add.
CREATE INDEX "carts_client_key_status_idx" ON "carts"("client_key", "status");
