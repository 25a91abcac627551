import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, post } from '../../client/api.ts';
import { flashToast } from '../../client/toast.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { PictureList } from '../ui/PictureList.tsx';
import { usePictureUploads } from '../ui/use-picture-uploads.ts';
import { charCount, REVIEW_MAX_COMMENT, REVIEW_MAX_PICS, REVIEW_TEXT, STAR_WORDS, type ReviewCreatedDto } from '../../shared/review.ts';

export interface ReviewFormProps {
  /** The order item reviewed (order_product_id). */
  unique: number;
  /** Where the shopper goes once the review is sent: the order's detail page. */
  backHref: string;
}

type ScoreName = 'product_score' | 'service_score' | 'postage_score';
const SCORES: [ScoreName, string][] = [
  ['product_score', '商品评分'],
  ['service_score', '服务评分'],
  ['postage_score', '物流评分'],
];

function Star() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3 6.1 20.6l1.3-6.6L2.5 9.4l6.6-.8z" />
    </svg>
  );
}

/** Five radio inputs drawn as stars (a pointer over them previews its choice): arrow keys move between them, each star's number and word is read out. */
function Rating(p: { name: ScoreName; label: string; value: number; onChange: (n: number) => void }) {
  return (
    <fieldset className="review-form__rating" data-rating={p.name}>
      <legend className="review-form__label">{p.label}</legend>
      <span className="review-stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= p.value ? 'review-stars__star review-stars__star--on' : 'review-stars__star'}>
            <input
              type="radio"
              name={p.name}
              value={n}
              checked={p.value === n}
              onChange={() => p.onChange(n)}
              className="review-stars__input"
            />
            <Star />
            <span className="sr-only">
              {n}星 {STAR_WORDS[n - 1]}
            </span>
          </label>
        ))}
      </span>
      <span className="review-form__word" aria-hidden="true">
        {STAR_WORDS[p.value - 1]}
      </span>
    </fieldset>
  );
}

/** `/evaluation`: three star ratings, the comment with its counter, up to six pictures uploaded as chosen, submit. */
export default function ReviewForm(p: ReviewFormProps) {
  const [scores, setScores] = useState<Record<ScoreName, number>>({ product_score: 5, service_score: 5, postage_score: 5 });
  const [comment, setComment] = useState('');
  const { pics, choose, drop, uploading } = usePictureUploads(REVIEW_MAX_PICS);
  const [error, setError] = useState('');
  const [emptyRefused, setEmptyRefused] = useState(false);
  const [sending, setSending] = useState(false);
  const ids = useId();
  const commentBox = useRef<HTMLTextAreaElement>(null);
  const count = charCount(comment.trim());

  const [ready, setReady] = useState(false);
  // What the shopper typed into the server-rendered box before the island hydrated is theirs: keep it. From here on
  // the form answers (`data-ready`, which browser tests wait for).
  useEffect(() => {
    const typed = commentBox.current?.value;
    if (typed) setComment(typed);
    setReady(true);
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // A refused comment takes the cursor, so a keyboard or screen-reader user is where the fix goes.
    if (count === 0 || count > REVIEW_MAX_COMMENT) {
      setError(count === 0 ? '请填写评价内容' : `评价内容不能超过${REVIEW_MAX_COMMENT}个字`);
      setEmptyRefused(count === 0);
      commentBox.current?.focus();
      return;
    }
    if (uploading) return setError('图片还在上传，请稍候');
    setError('');
    setSending(true);
    try {
      await post<ReviewCreatedDto>(`/api/reply/${p.unique}`, { comment: comment.trim(), pics: pics.map((x) => x.path), ...scores });
      flashToast(REVIEW_TEXT.done);
      location.assign(p.backHref);
    } catch (err) {
      setSending(false);
      if (err instanceof ApiError && err.message === LOGIN_REQUIRED) return;
      if (err instanceof ApiError && err.message === REVIEW_TEXT.reviewed) {
        // Sent from another tab meanwhile: show the review as it stands.
        flashToast(err.message);
        location.reload();
        return;
      }
      setError(err instanceof Error ? err.message : '提交失败，请稍后重试');
    }
  }

  return (
    <form className="review-form" onSubmit={submit} noValidate data-review-form data-ready={ready || undefined}>
      <div className="review-form__ratings">
        {SCORES.map(([name, label]) => (
          <Rating key={name} name={name} label={label} value={scores[name]} onChange={(n) => setScores((s) => ({ ...s, [name]: n }))} />
        ))}
      </div>

      <div className="review-form__field">
        <label className="review-form__label" htmlFor={`${ids}-comment`}>
          评价内容
        </label>
        <div className="review-form__comment">
          <textarea
            ref={commentBox}
            id={`${ids}-comment`}
            name="comment"
            rows={6}
            value={comment}
            onChange={(e) => {
              setComment(e.target.value);
              setEmptyRefused(false);
            }}
            placeholder="宝贝满足你的期待吗？说说它的优点和美中不足吧"
            aria-describedby={`${ids}-count`}
            aria-invalid={emptyRefused || count > REVIEW_MAX_COMMENT || undefined}
            required
          />
          <span
            id={`${ids}-count`}
            className={count > REVIEW_MAX_COMMENT ? 'review-form__count review-form__count--over' : 'review-form__count'}
          >
            {count}/{REVIEW_MAX_COMMENT}
          </span>
        </div>
      </div>

      <div className="review-form__field">
        <span className="review-form__label" id={`${ids}-pics`}>
          晒图
        </span>
        <div>
          <PictureList
            pics={pics}
            max={REVIEW_MAX_PICS}
            onDrop={drop}
            onChoose={choose}
            alt={(n, name) => `第${n}张图片 ${name}`}
            labelledBy={`${ids}-pics`}
            size={96}
          />
          <p className="review-form__hint">
            {pics.length}/{REVIEW_MAX_PICS} 张，支持 JPG、PNG、WebP、GIF，每张不超过 5MB
          </p>
        </div>
      </div>

      {error && (
        <p className="review-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="review-form__actions">
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {sending ? '提交中…' : uploading ? '图片上传中…' : '提交评价'}
        </button>
        <a className="btn" href={p.backHref}>
          返回订单
        </a>
      </div>
    </form>
  );
}
