import { ok, readUpload } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { uploadMerchantImage } from '../../../../server/services/media/upload-image.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '../../../../shared/review.ts';

/**
 * A picture for the shop's products: `multipart/form-data` with the field `file`, at most 5 MB (JPEG, PNG, WebP or GIF),
 * 30 a minute → `{path: '/media/<id>.webp', width, height}`, which the shop's products may then name.
 */
export const POST = merchantEndpoint(async (ctx, { request }) => {
  const bytes = await readUpload(request, 'file', UPLOAD_MAX_BYTES, { tooLarge: UPLOAD_TEXT.tooLarge, type: UPLOAD_TEXT.multipart });
  return ok(await uploadMerchantImage(ctx, { bytes }), '上传成功');
});
