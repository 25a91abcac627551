import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';
import type { AreaNodeDto } from '../../shared/dto.ts';
import { ANSWER_MAX, checkAnswers, FORM_TEXT, type FormField } from '../../shared/order-form.ts';
import { RegionPicker, type RegionValue } from '../address/RegionPicker.tsx';
import { PictureList } from '../ui/PictureList.tsx';
import { usePictureUploads } from '../ui/use-picture-uploads.ts';

/** What a field holds while the shopper fills it in: text, chosen options / [start, end] / picture paths, or a region path. */
export type FormAnswer = string | string[] | RegionValue;
export type FormAnswers = Record<string, FormAnswer>;
export interface FormProblem {
  key: string;
  message: string;
}

const isRegion = (a: FormAnswer | undefined): a is RegionValue => !!a && !Array.isArray(a) && typeof a === 'object';

/**
 * The answers as `extend` (regions as their codes), checked field by field as the server checks them
 * (`checkAnswers`), plus what only the picker knows: a region path that stops above the district or street.
 */
export function checkForm(
  fields: readonly FormField[],
  answers: FormAnswers,
): { ok: true; extend: Record<string, unknown> } | ({ ok: false } & FormProblem) {
  const extend: Record<string, unknown> = {};
  for (const f of fields) {
    const a = answers[f.key];
    if (a !== undefined) extend[f.key] = isRegion(a) ? a.nodes.map((n) => n.id) : a;
  }
  for (const f of fields) {
    const r = checkAnswers([f], extend);
    if (!r.ok) return { ok: false, key: r.key, message: r.message };
    const a = answers[f.key];
    if (isRegion(a) && a.nodes.length && !a.complete) return { ok: false, key: f.key, message: FORM_TEXT.incomplete(f.title) };
  }
  return { ok: true, extend };
}

interface Props {
  fields: readonly FormField[];
  value: FormAnswers;
  onChange: (key: string, answer: FormAnswer) => void;
  /** The field the last check (here or the server's) found wrong. */
  error: FormProblem | null;
  /** An image field's pictures are still uploading. */
  onUploading: (key: string, busy: boolean) => void;
}

/** A shop's custom order form at checkout (reference item 6): one native control per field, the error under its field. */
export function OrderFormFields({ fields, value, onChange, error, onUploading }: Props) {
  const id = useId();
  return (
    <div className="co-form">
      {fields.map((f) => {
        const base = `${id}-${f.key}`;
        const bad = error?.key === f.key;
        const a11y = { 'aria-invalid': bad || undefined, 'aria-describedby': bad ? `${base}-err` : undefined };
        const text = typeof value[f.key] === 'string' ? (value[f.key] as string) : '';
        const list = Array.isArray(value[f.key]) ? (value[f.key] as string[]) : [];
        const title = (
          <>
            {f.title}
            {f.required && (
              <span className="co-field__req" aria-hidden="true">
                *
              </span>
            )}
          </>
        );
        // Single controls get a <label>; groups are named by their title.
        const field = (control: ReactNode, group?: 'group' | 'radiogroup') => (
          <div className="co-field" key={f.key} data-form-field={f.key}>
            {group ? (
              <span className="co-field__label" id={`${base}-label`}>
                {title}
              </span>
            ) : (
              <label className="co-field__label" htmlFor={base}>
                {title}
              </label>
            )}
            <div className="co-field__body">
              {group === 'radiogroup' ? (
                <div
                  className="co-field__group"
                  role="radiogroup"
                  aria-labelledby={`${base}-label`}
                  aria-required={f.required || undefined}
                >
                  {control}
                </div>
              ) : group ? (
                <div className="co-field__group" role="group" aria-labelledby={`${base}-label`}>
                  {control}
                </div>
              ) : (
                control
              )}
              {bad && (
                <p className="co-field__error" id={`${base}-err`} role="alert">
                  {error.message}
                </p>
              )}
            </div>
          </div>
        );
        const input = (type: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
          <input
            id={base}
            type={type}
            value={text}
            placeholder={f.placeholder}
            aria-required={f.required || undefined}
            onChange={(e) => onChange(f.key, e.currentTarget.value)}
            {...a11y}
            {...extra}
          />
        );
        switch (f.type) {
          case 'text':
            return field(input('text', { maxLength: ANSWER_MAX.text }));
          case 'number':
            return field(input('text', { inputMode: 'decimal' }));
          case 'phone':
            return field(input('tel', { maxLength: 20, autoComplete: 'off' }));
          case 'id_card':
            return field(input('text', { maxLength: 18, autoComplete: 'off' }));
          case 'email':
            return field(input('email', { maxLength: 100 }));
          case 'date':
          case 'time':
            return field(input(f.type));
          case 'textarea':
            return field(
              <textarea
                id={base}
                rows={3}
                maxLength={ANSWER_MAX.textarea}
                value={text}
                placeholder={f.placeholder}
                aria-required={f.required || undefined}
                onChange={(e) => onChange(f.key, e.currentTarget.value)}
                {...a11y}
              />,
            );
          case 'select':
            return field(
              <select
                id={base}
                value={text}
                aria-required={f.required || undefined}
                onChange={(e) => onChange(f.key, e.currentTarget.value)}
                {...a11y}
              >
                <option value="">{f.placeholder || `请选择${f.title}`}</option>
                {f.options?.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>,
            );
          case 'radio':
          case 'checkbox':
            return field(
              f.options?.map((o) => (
                <label key={o} className="co-field__choice">
                  <input
                    type={f.type}
                    name={base}
                    value={o}
                    checked={f.type === 'radio' ? text === o : list.includes(o)}
                    onChange={(e) =>
                      onChange(
                        f.key,
                        f.type === 'radio' ? o : (f.options ?? []).filter((x) => (x === o ? e.currentTarget.checked : list.includes(x))),
                      )
                    }
                    {...a11y}
                  />
                  {o}
                </label>
              )),
              f.type === 'radio' ? 'radiogroup' : 'group',
            );
          case 'date_range':
          case 'time_range':
            return field(
              (['开始', '结束'] as const).map((label, i) => (
                <label key={label} className="co-field__range">
                  {label}
                  <input
                    type={f.type === 'date_range' ? 'date' : 'time'}
                    value={list[i] ?? ''}
                    aria-required={f.required || undefined}
                    onChange={(e) =>
                      onChange(f.key, i === 0 ? [e.currentTarget.value, list[1] ?? ''] : [list[0] ?? '', e.currentTarget.value])
                    }
                    {...a11y}
                  />
                </label>
              )),
              'group',
            );
          case 'region': {
            const v = value[f.key];
            return field(
              <RegionPicker value={isRegion(v) ? v.nodes : ([] as AreaNodeDto[])} invalid={bad} onChange={(r) => onChange(f.key, r)} />,
              'group',
            );
          }
          case 'image':
            return field(<Pictures field={f} onChange={onChange} onUploading={onUploading} />, 'group');
        }
        return null;
      })}
    </div>
  );
}

/** An image field: pictures uploaded as chosen (at most `max`), its answer the stored paths of those done. */
function Pictures({ field, onChange, onUploading }: { field: FormField } & Pick<Props, 'onChange' | 'onUploading'>) {
  const max = field.max ?? 1;
  const { pics, choose, drop, uploading } = usePictureUploads(max);
  const started = useRef(false);
  const paths = pics.flatMap((x) => (x.path ? [x.path] : [])).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reports only when the uploaded pictures or the upload state change
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      return;
    }
    onChange(field.key, paths ? paths.split('\n') : []);
    onUploading(field.key, uploading);
  }, [paths, uploading]);
  return (
    <PictureList
      pics={pics}
      max={max}
      onDrop={drop}
      onChoose={choose}
      alt={(n, name) => `${field.title} 第${n}张 ${name}`}
      label={field.title}
      multiple={max > 1}
      size={64}
      count
    />
  );
}
