-- Points become lots (0024, services/wallet/change-wallet.ts): each points income keeps what of it is unspent and when
-- that expires. Before, an earning's expiry worked out what was left of it first-in-first-out by bill id, and a
-- give-back (a cancel, a refund) started a due date of its own, which renewed the points it gave back.
--
-- 1. An earning's due date is its queued integral.expire job's; one without a job (earned while points never expired)
--    never expires.
UPDATE "user_bill" b SET "expires_at" = j."run_at"
FROM "job" j
WHERE j."kind" = 'integral.expire' AND j."key" = b."bill_id"::text
  AND b."category" = 'integral' AND b."pm" = 1 AND b."unspent" IS NULL;
--> statement-breakpoint
-- 2. What each earning has left, as the old rule had it: the shopper's points are the newest earnings (oldest spent
--    first), each less what already expired of it.
WITH "lots" AS (
  SELECT b."bill_id", b."uid", b."number" - coalesce(e."number", 0) AS "avail"
  FROM "user_bill" b
  LEFT JOIN "user_bill" e ON e."uid" = b."uid" AND e."category" = 'integral' AND e."type" = 'expire' AND e."link_id" = b."bill_id"::text
  WHERE b."category" = 'integral' AND b."pm" = 1 AND b."unspent" IS NULL
), "ranked" AS (
  SELECT l."bill_id", l."avail", u."integral",
    sum(l."avail") OVER (PARTITION BY l."uid" ORDER BY l."bill_id" DESC) - l."avail" AS "newer"
  FROM "lots" l JOIN "users" u ON u."uid" = l."uid"
)
UPDATE "user_bill" b SET "unspent" = greatest(0, least(r."avail", r."integral" - r."newer"))
FROM "ranked" r WHERE b."bill_id" = r."bill_id";
--> statement-breakpoint
-- 3. A checkout's points taken before lots, given back by a cancel or a refund from now on, keep the latest due date
--    they can have had: integral_valid_days after the checkout (none while points never expire).
UPDATE "user_bill" b SET "expires_at" = b."created_at" + make_interval(days => (c."value" #>> '{}')::int)
FROM "system_config" c
WHERE c."key" = 'integral_valid_days' AND (c."value" #>> '{}') ~ '^[0-9]{1,4}$' AND (c."value" #>> '{}')::int BETWEEN 1 AND 3650
  AND b."category" = 'integral' AND b."pm" = 0 AND b."type" = 'deduction' AND b."expires_at" IS NULL;
