import { eq } from 'drizzle-orm';
import { merchant } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { shopSettingsBody } from '../../../shared/schemas/merchant-api.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { areMerchantUploads } from '../media/own-uploads.ts';
import { requireMerchant, type MerchantContext } from './context.ts';

/**
 * The shop's own settings through the merchant API (`/api/merchant/store/info`, `/api/merchant/store/update`): its
 * profile and pictures, how it answers shoppers, its return address and pickup at the shop. The name is shown but not
 * changed here (the operator names a shop).
 */

export const SHOP_TEXT = {
  gone: '店铺不存在',
  takeAddress: '开启到店自提时请填写自提点地址',
  takePhone: '开启到店自提时请填写自提点电话',
  takeHours: '开启到店自提时请填写自提营业时间',
  phoneOnly: '仅电话客服时请填写客服电话',
  pictures: '店铺图片须是本店通过 POST /api/merchant/upload/image 上传的图片',
} as const;

export interface ShopSettingsDto {
  mer_id: number;
  mer_name: string;
  mer_info: string;
  mer_keyword: string;
  service_phone: string;
  /** The mainland mobile told by SMS of new orders, refund requests and goods sent back ('' none). */
  notice_phone: string;
  /** 0 online chat beside the phone, 1 phone only. */
  services_type: number;
  /** The default return address: where goods go when the shop approves a return without giving one. */
  mer_address: string;
  /** 1 when shoppers may pick their order up at the shop (到店自提). */
  allow_take: number;
  take_address: string;
  take_phone: string;
  take_hours: string;
  mer_avatar: string;
  mer_banner: string;
  /** The carousel of the shop's home page. */
  banners: string[];
}

type MerchantRow = typeof merchant.$inferSelect;

const dto = (m: MerchantRow): ShopSettingsDto => ({
  mer_id: m.merId,
  mer_name: m.merName,
  mer_info: m.merInfo,
  mer_keyword: m.merKeyword,
  service_phone: m.servicePhone,
  notice_phone: m.noticePhone,
  services_type: m.servicesType,
  mer_address: m.merAddress,
  allow_take: m.allowTake ? 1 : 0,
  take_address: m.takeAddress,
  take_phone: m.takePhone,
  take_hours: m.takeHours,
  mer_avatar: m.merAvatar,
  mer_banner: m.merBanner,
  banners: m.banners,
});

/** `GET /api/merchant/store/info`: the token's own shop settings. */
export async function getShopSettings(ctx: MerchantContext): Promise<ShopSettingsDto> {
  const { merId } = requireMerchant(ctx);
  const [row] = await ctx.db.select().from(merchant).where(eq(merchant.merId, merId));
  if (!row) throw notFound(SHOP_TEXT.gone);
  return dto(row);
}

/** The rules across fields, on the settings as they would be after the change (first problem refused, 400). */
function assertCoherent(s: ShopSettingsDto): void {
  if (s.allow_take === 1) {
    if (!s.take_address) throw new ServiceError('invalid', SHOP_TEXT.takeAddress);
    if (!s.take_phone) throw new ServiceError('invalid', SHOP_TEXT.takePhone);
    if (!s.take_hours) throw new ServiceError('invalid', SHOP_TEXT.takeHours);
  }
  if (s.services_type === 1 && !s.service_phone) throw new ServiceError('invalid', SHOP_TEXT.phoneOnly);
}

/**
 * `POST /api/merchant/store/update`: changes the settings given (at least one), in one transaction on the locked shop
 * row so two updates at once merge one after the other; the shop's cached cards and pages show it at once.
 */
export async function updateShopSettings(ctx: MerchantContext, input: unknown): Promise<ShopSettingsDto> {
  const { merId } = requireMerchant(ctx);
  const body = parseInput(shopSettingsBody, input);
  return transaction(ctx.db, async (tx) => {
    const [row] = await tx.select().from(merchant).where(eq(merchant.merId, merId)).for('update');
    if (!row) throw notFound(SHOP_TEXT.gone);
    const merged: ShopSettingsDto = { ...dto(row) };
    for (const [k, v] of Object.entries(body)) if (v !== undefined) (merged as unknown as Record<string, unknown>)[k] = v;
    assertCoherent(merged);
    // New pictures must be the shop's own uploads; those it already shows may stay.
    const kept = [row.merAvatar, row.merBanner, ...row.banners];
    const fresh = [merged.mer_avatar, merged.mer_banner, ...merged.banners].filter((p) => p !== '' && !kept.includes(p));
    if (!(await areMerchantUploads(tx, merId, fresh))) throw new ServiceError('invalid', SHOP_TEXT.pictures);
    const [updated] = await tx
      .update(merchant)
      .set({
        merInfo: merged.mer_info,
        merKeyword: merged.mer_keyword,
        servicePhone: merged.service_phone,
        noticePhone: merged.notice_phone,
        servicesType: merged.services_type,
        merAddress: merged.mer_address,
        allowTake: merged.allow_take === 1,
        takeAddress: merged.take_address,
        takePhone: merged.take_phone,
        takeHours: merged.take_hours,
        merAvatar: merged.mer_avatar,
        merBanner: merged.mer_banner,
        banners: merged.banners,
      })
      .where(eq(merchant.merId, merId))
      .returning();
    // The shop's card (product and shop pages, chat desk), its lists and the visitor pages showing it.
    invalidate(tx, [tag('merchant', merId)]);
    return dto(updated!);
  });
}
