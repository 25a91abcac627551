-- Money a gateway took that no order could use was kept as refund_due with no way back but support's hands. Since 0022
-- each such payment gets a payment.refund job (refund-payment.ts) when it is marked; the ones kept before get theirs
-- here, for the amount their order asked. One whose amount differed from the order's is left to support: what the
-- gateway took is in its notification only (GET /api/operator/money lists it).
INSERT INTO "job" ("kind", "payload", "key", "max_attempts")
SELECT 'payment.refund', jsonb_build_object('paymentId', p."payment_id", 'amount', p."amount"), p."payment_id"::text, 8
FROM "payment" p
WHERE p."status" = 'refund_due' AND p."reason" NOT LIKE '金额不符%'
ON CONFLICT ("kind", "key") DO NOTHING;
