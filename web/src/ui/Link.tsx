import type { AnchorHTMLAttributes } from 'react';
import { useLocation } from 'react-router';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** The page's path on this site, from its root ('/game/…'), with its query or fragment if any. */
  to: string;
};

/**
 * A link to a page of the site: a plain `<a>`, which app/link-navigation.ts's one listener follows within the app
 * (marked `data-in-app`; a modified or middle click stays the browser's). React Router's Link runs about a dozen
 * hooks and an effect in every link while a page hydrates, and home has 65 links (docs/benchmarks.md#lighthouse).
 */
export function Link({ to, ...props }: LinkProps) {
  return <a {...props} href={to} data-in-app="" />;
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Current only on `to` itself, not on the pages below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/**
 * A link of a navigation, marked `aria-current="page"` on the page it leads to or a page below it (`end`: on that
 * page only), as React Router's NavLink marks it, comparing paths without regard to case. It reads the location
 * only: none of React Router's Link's hooks.
 */
export function NavLink({ to, end = false, className, ...props }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const path = to.split(/[?#]/)[0]!.toLowerCase();
  const isActive = here === path || (!end && here.startsWith(path.endsWith('/') ? path : `${path}/`));
  return (
    <Link
      {...props}
      to={to}
      className={typeof className === 'function' ? className({ isActive }) : className}
      aria-current={isActive ? 'page' : undefined}
    />
  );
}
