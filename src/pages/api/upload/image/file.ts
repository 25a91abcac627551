import { endpoint, ok, readUpload } from '../../../../server/http/envelope.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { uploadImage } from '../../../../server/services/media/upload-image.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '../../../../shared/review.ts';

/**
 * Uploads one picture (reference section 4e): `multipart/form-data` with the field `file`, at most 5 MB, signed-in
 * shoppers only → `{path: '/media/<id>.webp', width, height}`. A visitor is refused before the body is read.
 */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  const bytes = await readUpload(request, 'file', UPLOAD_MAX_BYTES, { tooLarge: UPLOAD_TEXT.tooLarge, type: UPLOAD_TEXT.multipart });
  return ok(await uploadImage(ctx, { bytes }), '上传成功');
});
