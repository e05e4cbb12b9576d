/*
 * Where a promotion leads. The backend's links to a promotion's own place on /promotions (/promotions#weekly-cashback)
 * name its card instead: the card gets that id, so the header's and the banners' links land on it, and the card
 * offers no link to itself.
 */

const OWN_PLACE = /^\/promotions#([\w-]+)$/;

export type PromotionLink =
  { kind: 'none' } | { kind: 'internal'; to: string } | { kind: 'external'; href: string };

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The id of a promotion's card on /promotions. */
export function promotionAnchor(p: { title: string; url?: string | null | undefined }): string {
  return OWN_PLACE.exec(p.url ?? '')?.[1] ?? slug(p.title);
}

/** The link a promotion's card offers: none to itself, the site's own pages in the app, others in a new tab. */
export function promotionLink(url: string | null | undefined): PromotionLink {
  if (!url || OWN_PLACE.test(url)) return { kind: 'none' };
  if (url.startsWith('/') && !url.startsWith('//')) return { kind: 'internal', to: url };
  if (/^https?:\/\//i.test(url)) return { kind: 'external', href: url };
  return { kind: 'none' };
}
