-- A deposit presale's order lines kept the deposit as their pay_price after the balance was paid, so a refund of them
-- was capped at the deposit. Each such line of an order whose balance is paid adds its balance (presell-dto.ts lineBalance).
UPDATE "store_order_product" AS i
SET "pay_price" = i."pay_price" + greatest(0, i."total_price" - i."coupon_price" - i."svip_discount" - i."integral_price"
  - coalesce((i."snapshot"->>'down_price')::integer, 0) * i."product_num")
FROM "presell_order" po, "presell" pr
WHERE po."order_id" = i."order_id" AND po."paid" = 1 AND pr."product_id" = i."product_id" AND pr."presell_type" = 2
  AND pr."final_start_time" IS NOT NULL AND pr."final_end_time" IS NOT NULL;
