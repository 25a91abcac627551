import { and, eq, inArray } from 'drizzle-orm';
import { merchantForm } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { checkAnswers, FORM_TEXT, type FormField, type MerFormInfo, type OrderExtendItem } from '../../../shared/order-form.ts';
import { ServiceError } from '../errors.ts';
import { resolveArea } from '../address/regions.ts';
import { ownUploadPaths } from '../media/own-uploads.ts';
import type { ServiceContext } from '../context.ts';

/** The shop's order form a checkout asks for (reference `mer_form_id` / `mer_form_info`). */
export interface CheckoutForm {
  formId: number;
  merId: number;
  name: string;
  fields: FormField[];
}

const refuse = (m: string) => new ServiceError('refused', m);

/**
 * The form of a checkout's products: the live form of the product's own shop that they name. Products naming
 * different forms are refused together (one form per checkout; the answers belong to one shop's order).
 */
export async function checkoutForm(db: Db, lines: readonly { merId: number; merFormId: number }[]): Promise<CheckoutForm | null> {
  const named = lines.filter((l) => l.merFormId > 0);
  if (!named.length) return null;
  const ids = [...new Set(named.map((l) => l.merFormId))];
  const rows = await db
    .select()
    .from(merchantForm)
    .where(and(inArray(merchantForm.formId, ids), eq(merchantForm.isDel, false)));
  // A form counts only for its own shop's products.
  const live = rows.filter((f) => named.some((l) => l.merFormId === f.formId && l.merId === f.merId));
  if (live.length > 1) throw refuse(FORM_TEXT.formsApart);
  const f = live[0];
  return f ? { formId: f.formId, merId: f.merId, name: f.name, fields: f.fields } : null;
}

export const formInfo = (f: CheckoutForm | null): MerFormInfo | null =>
  f ? { form_id: f.formId, mer_id: f.merId, name: f.name, value: f.fields } : null;

/**
 * Checks the shopper's answers (`extend`) against the form and returns them as the order keeps them: regions as
 * their names (the codes must be a real path down to a district or street), pictures only the shopper's uploads (as
 * their paths).
 */
export async function answerForm(
  ctx: Pick<ServiceContext, 'db' | 'origins'>,
  uid: number,
  form: CheckoutForm,
  extend: unknown,
): Promise<OrderExtendItem[]> {
  const checked = checkAnswers(form.fields, extend);
  if (!checked.ok) throw refuse(checked.message);
  for (const a of checked.answers) {
    if (a.type === 'region') {
      const area = await resolveArea(checked.regions.get(a.key) ?? []);
      if (!area.ok) throw refuse(area.reason === 'incomplete' ? FORM_TEXT.incomplete(a.title) : FORM_TEXT.format(a.title));
      a.value = area.nodes.map((n) => n.name).join(' ');
    }
    if (a.type === 'image') {
      // Kept as paths (an absolute URL on one of our origins names the same upload).
      const paths = await ownUploadPaths(ctx, uid, a.value as string[]);
      if (!paths) throw refuse(FORM_TEXT.notOwnImage(a.title));
      a.value = paths;
    }
  }
  return checked.answers;
}
