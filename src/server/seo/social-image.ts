// Link previews (`og:image`): WeChat, Weibo, Facebook and X do not show SVG; src/pages/media/[id].png.ts draws a
// stored SVG picture as PNG, and public/images/logo.png is the bundled logo's.

/**
 * The address a link preview can show for picture `href` (absolute): on the mall's own `origin`, a media SVG's PNG
 * copy or the bundled logo's PNG; anything else as it is.
 */
export function socialImage(href: string, origin: string): string {
  const u = new URL(href);
  if (u.origin !== origin) return href;
  if (/^\/media\/[a-z0-9][a-z0-9-]{0,63}\.svg$/i.test(u.pathname) || u.pathname === '/images/logo.svg') {
    u.pathname = u.pathname.replace(/\.svg$/i, '.png');
  }
  return u.href;
}
