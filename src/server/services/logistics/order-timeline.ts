import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storeOrderStatus } from '../../db/schema/index.ts';
import { formatDateTime } from '../dates.ts';

/** One row of a store order's timeline (`storeOrderStatus[]` of the reference). */
export interface OrderTimelineDto {
  change_type: string;
  change_message: string;
  change_time: string;
}

/** An order's timeline rows, oldest first (`desc` for newest first). */
export async function orderTimeline(db: Db, orderId: number, order: 'asc' | 'desc' = 'asc'): Promise<OrderTimelineDto[]> {
  const rows = await db
    .select()
    .from(storeOrderStatus)
    .where(eq(storeOrderStatus.orderId, orderId))
    .orderBy(
      order === 'asc' ? asc(storeOrderStatus.createdAt) : desc(storeOrderStatus.createdAt),
      order === 'asc' ? asc(storeOrderStatus.id) : desc(storeOrderStatus.id),
    );
  return rows.map((r) => ({ change_type: r.changeType, change_message: r.changeMessage, change_time: formatDateTime(r.createdAt)! }));
}
