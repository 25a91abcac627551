import QRCode from 'qrcode';
import { matchRoute } from '../../../shared/routes.ts';

/** Where the QR code of one of our pages is drawn (`src/pages/qr.svg.ts`): `/qr.svg?path=/goods_detail/12`. */
export const pageQrSrc = (path: string) => `/qr.svg?${new URLSearchParams({ path })}`;

/** A path of a public page of ours (a route that has no sign-in rule): only these get a QR code. */
export function isPublicPagePath(path: string): boolean {
  if (path.length > 200 || !/^\/[\w/-]*$/.test(path) || path.startsWith('//')) return false;
  const route = matchRoute(path);
  return !!route && !route.login;
}

/**
 * The QR code of our page `path` at `origin` as SVG ("scan to buy on your phone"), or null for a path that is not a
 * public page of ours: the endpoint draws codes of this mall's pages only, never of an address a link supplies.
 * A fixed mask skips scoring all eight (most of the encoder's time), and one byte-mode segment skips the search for
 * the shortest mix of modes (half of what is left, the same QR version for these URLs); any such code scans.
 */
export async function pageQrSvg(origin: string, path: string): Promise<string | null> {
  if (!isPublicPagePath(path)) return null;
  return QRCode.toString([{ data: Buffer.from(`${origin}${path}`), mode: 'byte' }], {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    maskPattern: 2,
  });
}
