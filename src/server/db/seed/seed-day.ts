import { mallDate, mallDayAt } from '../../services/dates.ts';

const DAY = 86_400_000;

/**
 * Midnight (mall time) of the day the demo mall is seeded. Its flash sales, presales and coupons are dated around it,
 * so a freshly seeded mall shows the dates a real one would (a presale ending this month, a coupon valid for a year),
 * not placeholder years. A mall left running long enough sees them end, as a real mall's would.
 */
const BASE = mallDayAt(new Date(), 0).getTime();

/** The instant `days` mall days from the seeding day's midnight, plus `hours`. */
export const seedAt = (days: number, hours = 0) => new Date(BASE + days * DAY + hours * 3_600_000);

/** The mall date (YYYY-MM-DD) `days` from the seeding day. */
export const seedDate = (days: number) => mallDate(seedAt(days, 12));

/** The last second (23:59:59, mall time) of the day `days` from the seeding day. */
export const seedDayEnd = (days: number) => new Date(seedAt(days + 1).getTime() - 1000);
