/**
 * The one schema.org ItemList builder (product grids, shop lists, promotion and news lists, the home
 * boutique): absolute URLs on `origin`, positions counting from `offset + 1` so page 2 goes on from page 1.
 */
export function itemListLd(origin: string, name: string, items: { name: string; href: string; image?: string }[], offset = 0) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((it, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      name: it.name,
      url: new URL(it.href, origin).href,
      ...(it.image ? { image: new URL(it.image, origin).href } : {}),
    })),
  };
}
