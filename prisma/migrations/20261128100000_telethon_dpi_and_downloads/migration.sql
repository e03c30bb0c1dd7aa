-- The telethon lookup and counted downloads (issue 12,
-- docs/decisions/0038-dpi-lookup-and-download-redeem.md).

-- An index Prisma cannot express: GET /cart/orders/teleton/?dpi= finds the orders whose
-- buyer gave that DPI in the `dpi` custom field. Partial: only orders of shows that ask
-- for it carry one, so the index stays as small as the telethon's sales.
CREATE INDEX "orders_custom_fields_dpi_idx" ON "orders" ((("payment_info" -> 'custom_fields') ->> 'dpi'))
  WHERE (("payment_info" -> 'custom_fields') ->> 'dpi') IS NOT NULL;

-- CreateIndex: the console's counts per file of one show.
CREATE INDEX "download_redemptions_show_id_filename_idx" ON "download_redemptions"("show_id", "filename");
