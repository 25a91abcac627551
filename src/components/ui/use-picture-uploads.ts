import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { uploadImage } from '../../client/upload.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '../../shared/review.ts';

/** A picture the shopper chose: its local preview, and the stored path once uploaded. */
export interface Pic {
  key: number;
  /** A local preview of the chosen file (blob: URL). */
  preview: string;
  name: string;
  /** The stored picture once uploaded. */
  path: string | null;
}

/**
 * Pictures chosen for a form (a review, a refund request), uploaded as they are chosen (`POST /api/upload/image/file`),
 * at most `max`: a file over the size limit or past the count is refused with a toast, a failed upload drops its
 * picture, and the previews are released when the form goes away.
 */
export function usePictureUploads(max: number) {
  const [pics, setPics] = useState<Pic[]>([]);
  const seq = useRef(0);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, []);

  function drop(key: number) {
    setPics((list) => {
      const gone = list.find((x) => x.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return list.filter((x) => x.key !== key);
    });
  }

  function choose(files: FileList | null) {
    if (!files?.length) return;
    const room = max - pics.length;
    const chosen = [...files];
    if (chosen.length > room) toast(`最多上传${max}张图片`);
    for (const file of chosen.slice(0, Math.max(0, room))) {
      if (file.size > UPLOAD_MAX_BYTES) {
        toast(`${file.name}：${UPLOAD_TEXT.tooLarge}`);
        continue;
      }
      const key = ++seq.current;
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      setPics((list) => [...list, { key, preview, name: file.name, path: null }]);
      uploadImage(file)
        .then((img) => setPics((list) => list.map((x) => (x.key === key ? { ...x, path: img.path } : x))))
        .catch((err: unknown) => {
          drop(key);
          if (!(err instanceof ApiError) || err.message !== LOGIN_REQUIRED) toast(`${file.name}：${(err as Error).message}`);
        });
    }
  }

  return { pics, choose, drop, uploading: pics.some((x) => !x.path) };
}
