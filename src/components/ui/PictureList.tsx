import type { Pic } from './use-picture-uploads.ts';

export interface PictureListProps {
  /** The pictures chosen so far (`usePictureUploads`). */
  pics: readonly Pic[];
  /** How many may be chosen: the add tile goes away at `max`. */
  max: number;
  onDrop: (key: number) => void;
  /** The files just chosen; read them at once, the input is emptied right after. */
  onChoose: (files: FileList | null) => void;
  /** A picture's alt text from its number (from 1) and file name. */
  alt: (n: number, name: string) => string;
  /** What the pictures are, in each remove button's name: `删除${label}第N张图片`. */
  label?: string;
  /** The id of the element that names the list. */
  labelledBy?: string;
  /** Several files at a time (default true). */
  multiple?: boolean;
  /** Thumbnail and add tile side, px (a modifier class of picture-list.css: inline styles are refused by the CSP). */
  size: 64 | 88 | 96;
  /** The add tile also says how many are chosen: 上传图片（n/max）. */
  count?: boolean;
}

/**
 * The pictures of a form being uploaded: thumbnails (上传中… over those still uploading) each with a round × to
 * remove it, and an add tile over a hidden file input while there is room. Styled by picture-list.css, which the
 * pages that show one import.
 */
export function PictureList(p: PictureListProps) {
  return (
    <ul className={`picture-list picture-list--${p.size}`} aria-labelledby={p.labelledBy}>
      {p.pics.map((x, i) => (
        <li key={x.key} className="picture-list__item" data-uploaded={x.path ? '' : undefined}>
          <img src={x.preview} alt={p.alt(i + 1, x.name)} width={p.size} height={p.size} />
          {!x.path && <span className="picture-list__busy">上传中…</span>}
          <button
            type="button"
            className="picture-list__remove"
            onClick={() => p.onDrop(x.key)}
            aria-label={`删除${p.label ?? ''}第${i + 1}张图片`}
          >
            ×
          </button>
        </li>
      ))}
      {p.pics.length < p.max && (
        <li>
          <label className="picture-list__add">
            <input
              type="file"
              className="sr-only"
              accept="image/jpeg,image/png,image/webp,image/gif"
              multiple={p.multiple ?? true}
              data-picture-input
              onChange={(e) => {
                p.onChoose(e.currentTarget.files);
                e.currentTarget.value = '';
              }}
            />
            <span aria-hidden="true" className="picture-list__plus">
              +
            </span>
            <span>上传图片{p.count && `（${p.pics.length}/${p.max}）`}</span>
          </label>
        </li>
      )}
    </ul>
  );
}
