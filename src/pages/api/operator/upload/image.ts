import { ok, readUpload } from '../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../server/http/operator-endpoint.ts';
import { uploadOperatorImage } from '../../../../server/services/media/upload-image.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '../../../../shared/review.ts';

/**
 * A picture for the operator's content (an activity frame): `multipart/form-data` with the field `file`, at most 5 MB
 * (JPEG, PNG, WebP or GIF; transparency kept) → `{path: '/media/<id>.webp', width, height}`.
 */
export const POST = operatorEndpoint(async (ctx, { request }) => {
  const bytes = await readUpload(request, 'file', UPLOAD_MAX_BYTES, { tooLarge: UPLOAD_TEXT.tooLarge, type: UPLOAD_TEXT.multipart });
  return ok(await uploadOperatorImage(ctx, { bytes }), '上传成功');
});
