import type { AnchorHTMLAttributes } from 'react';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** The page's path on this site, from its root ('/game/…'), with its query or fragment if any. */
  to: string;
};

/**
 * A link to a page of the site: a plain `<a>`, which app/link-navigation.ts's one listener follows within the app
 * (marked `data-in-app`; a modified or middle click stays the browser's). React Router's Link runs about twenty
 * hooks and an effect in every link while a page hydrates, and home has sixty-odd links (docs/benchmarks.md#lighthouse).
 */
export function Link({ to, ...props }: LinkProps) {
  return <a {...props} href={to} data-in-app="" />;
}
