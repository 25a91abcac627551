import { EXPRESS_COMPANIES } from '../../../shared/express.ts';

/** An express company as `GET /api/common/express` lists it. */
export interface ExpressDto {
  id: number;
  name: string;
  code: string;
  /** The reference's courier select reads `label`/`value`; both are the name a shopper reads (a return shipment's
   * `delivery_type` is shown as the courier), `code` is what tracking is asked with. */
  label: string;
  value: string;
}

/** Every express company a merchant may ship with (src/shared/express.ts). */
export function listExpress(): ExpressDto[] {
  return EXPRESS_COMPANIES.map((c) => ({ id: c.id, name: c.name, code: c.code, label: c.name, value: c.name }));
}
