/**
 * Flash sales and presales dated around the day the mall is seeded (`seedAt`): twelve 2-hour sessions cover every
 * hour of the day from a week before to half a year after, and presales are "not started" (from 5 days on), "in
 * progress" (from 3 days ago to 4 weeks on) or "ended" (a month ago); one more deposit presale has ended its deposit
 * phase with its balance payable.
 *
 * Every offer that has not ended holds stock taken from its product, as the merchant API's create takes it
 * (`promotionRows` says how much each product's SKU has left); the ended presales hold none.
 */
import { DEMO_PRODUCTS, generateProduct, type GeneratedProduct } from './catalogue-products.ts';
import { activitySkus, type SkuRow } from './catalogue-skus.ts';
import { entityRng } from './catalogue-random.ts';
import { seedAt, seedDate, seedDayEnd } from './seed-day.ts';

export const SECKILL_SESSIONS = Array.from({ length: 12 }, (_, i) => ({
  seckillTimeId: i + 1,
  title: `${String(i * 2).padStart(2, '0')}:00场`,
  startTime: i * 2,
  endTime: i * 2 + 2,
  pic: '',
  status: true,
}));

const PER_SESSION = 4;
export const SECKILL_FIRST_ID = DEMO_PRODUCTS + 1;
export const PRESELL_FIRST_ID = SECKILL_FIRST_ID + SECKILL_SESSIONS.length * PER_SESSION;

interface ActivityRows {
  products: GeneratedProduct['product'][];
  contents: GeneratedProduct['content'][];
  attrs: GeneratedProduct['attrs'];
  skus: SkuRow[];
}

/** A buyable demo product to base an activity on (skips sold-out and off-shelf ones). */
function originFor(seed: number): GeneratedProduct {
  for (let id = ((seed * 37) % DEMO_PRODUCTS) + 1; ; id = (id % DEMO_PRODUCTS) + 1) {
    const g = generateProduct(id, { merchantCount: 20 });
    if (g.product.status === 1 && g.product.stock > 0) return g;
  }
}

/**
 * Stock of the products' SKUs (by `unique`) once the offers have taken theirs: filled as an origin is first copied, then
 * lowered by each offer that copies it, so offers sharing a product share what it has.
 */
type StockLeft = Map<string, number>;

/**
 * The activity copy `productId` of `origin`. Unless `ended`, each of its SKUs takes its stock from the origin's SKU of the
 * same spec values, at most half of what that SKU has left (a sold-out SKU gives none): the origin keeps a believable
 * stock and the offer never holds pieces its product did not have. An ended offer holds nothing: what it did not sell
 * went back to its product when it ended (activity-end.ts).
 */
function activityCopy(
  out: ActivityRows,
  left: StockLeft,
  origin: GeneratedProduct,
  productId: number,
  type: 1 | 2,
  factor: number,
  deposit: boolean,
  ended = false,
) {
  const r = entityRng('activity', productId);
  const skus = activitySkus(r, productId, origin.skus, factor, deposit).map((s, i) => {
    const from = origin.skus[i]!;
    const has = left.get(from.unique) ?? from.stock;
    const stock = ended ? 0 : Math.min(s.stock, Math.floor(has / 2));
    left.set(from.unique, has - stock);
    return { ...s, stock };
  });
  out.skus.push(...skus);
  out.attrs.push(...origin.attrs.map((a) => ({ ...a, productId })));
  out.contents.push({ ...origin.content, productId });
  out.products.push({
    ...origin.product,
    productId,
    productType: type,
    price: Math.min(...skus.map((s) => s.price)),
    otPrice: Math.min(...skus.map((s) => s.otPrice)),
    stock: skus.reduce((n, s) => n + s.stock, 0),
    sales: skus.reduce((n, s) => n + s.sales, 0),
    isHot: false,
    isBest: false,
    isNew: false,
    isGood: false,
    sort: 0,
  });
}

function seckillRows(left: StockLeft) {
  const out: ActivityRows = { products: [], contents: [], attrs: [], skus: [] };
  const settings = [];
  for (const session of SECKILL_SESSIONS) {
    for (let k = 0; k < PER_SESSION; k++) {
      const productId = SECKILL_FIRST_ID + (session.seckillTimeId - 1) * PER_SESSION + k;
      const origin = originFor(productId);
      activityCopy(out, left, origin, productId, 1, 0.6 + (k % 3) * 0.1, false);
      settings.push({
        productId,
        originProductId: origin.product.productId,
        seckillTimeId: session.seckillTimeId,
        startDay: seedDate(-7),
        endDay: seedDate(180),
        oncePayCount: 1 + (k % 3),
        allPayCount: 5,
      });
    }
  }
  return { ...out, settings };
}

/** A phase from 10:00 on day `from` to the last second of day `to - 1`, then a balance week. */
const phases = (from: number, to: number) => ({
  start: seedAt(from, 10),
  end: seedDayEnd(to - 1),
  finalStart: seedAt(to),
  finalEnd: seedDayEnd(to + 6),
});
/** Not started, in progress, ended. */
const ENDED = phases(-60, -30);
const STATES = [phases(5, 36), phases(-3, 28), ENDED];

/**
 * The deposit presale in its balance window (after the 24): its deposit phase is over, its balance payable for a week.
 * The demo member booked it (seed/history.ts moves its dates to around the day the mall is seeded), so the mall shows a
 * balance to pay. It takes its stock from its product as the others do: once booked, its deposit phase closes and
 * what it did not sell goes back (history.ts).
 */
export const BALANCE_PRESELL_ID = 25;
const BALANCE_WINDOW = { ...phases(-20, -10), finalEnd: seedDayEnd(7) };

/** 24 presales, 4 per (state, presell_type), and the one in its balance window; product rows of type 2 after the seckill rows. */
function presellRows(left: StockLeft) {
  const out: ActivityRows = { products: [], contents: [], attrs: [], skus: [] };
  const presale = (
    n: number,
    w: (typeof STATES)[number],
    presellType: 1 | 2,
    k: number,
    origin = originFor((PRESELL_FIRST_ID + n) * 3),
  ) => {
    const productId = PRESELL_FIRST_ID + n;
    activityCopy(out, left, origin, productId, 2, 0.85, presellType === 2, w === ENDED);
    const start = w.start.getTime() + k * 3600_000;
    return {
      productPresellId: n + 1,
      productId,
      originProductId: origin.product.productId,
      storeName: origin.product.storeName,
      presellType,
      startTime: new Date(start),
      endTime: w.end,
      finalStartTime: presellType === 2 ? w.finalStart : null,
      finalEndTime: presellType === 2 ? w.finalEnd : null,
      deliveryType: k % 2 ? 2 : 1,
      deliveryDay: 3 + ((n * 5) % 13),
      payCount: k === 3 ? 2 : 0,
      status: true,
      createdAt: seedAt(-90),
    };
  };
  const presells: ReturnType<typeof presale>[] = [];
  let n = 0;
  for (const w of STATES) {
    for (const presellType of [1, 2] as const) {
      for (let k = 0; k < 4; k++, n++) presells.push(presale(n, w, presellType, k));
    }
  }
  // Earphones (¥399 in the shop): a deposit the member's welcome balance covers.
  presells.push(presale(BALANCE_PRESELL_ID - 1, BALANCE_WINDOW, 2, 0, originFor(2025)));
  return { ...out, presells };
}

/**
 * The flash sales and presales, and what each SKU of their products has left once they took their stock (`left`, by
 * `unique`; SKUs no offer copies are not in it).
 */
export function promotionRows() {
  const left: StockLeft = new Map();
  const seckill = seckillRows(left);
  const presale = presellRows(left);
  return { seckill, presale, left };
}

/** `g` with the stock the offers took from its SKUs taken off (`left` from `promotionRows`). */
export function afterReservations(g: GeneratedProduct, left: StockLeft): GeneratedProduct {
  if (!g.skus.some((s) => left.has(s.unique))) return g;
  const skus = g.skus.map((s) => ({ ...s, stock: left.get(s.unique) ?? s.stock }));
  return { ...g, skus, product: { ...g.product, stock: skus.reduce((n, s) => n + s.stock, 0) } };
}
