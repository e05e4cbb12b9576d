import { graphql, useFragment } from 'react-relay';
import type { NewPromotions_promotions$key } from '../../__generated__/NewPromotions_promotions.graphql';
import { formatDate } from '../../ui/format-date';
import { promotionAnchor, promotionLink } from './promotion-link';
import styles from './NewPromotions.module.css';
import { Link } from '../../ui/Link';

/**
 * The new-promotions feed: what was added lately, newest first, each leading to its card on this page (or, when the
 * page does not list it, to where it leads).
 */
export function NewPromotions({
  promotions,
  onPage,
  timeZone,
}: {
  promotions: NewPromotions_promotions$key;
  /** The ids of the promotions whose cards are on the page. */
  onPage: ReadonlySet<string>;
  timeZone: string;
}) {
  const list = useFragment(
    graphql`
      fragment NewPromotions_promotions on Promotion @relay(plural: true) {
        id
        title
        url
        createdAt
      }
    `,
    promotions,
  );
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="new-promotions" className={styles.feed}>
      <h2 id="new-promotions" className={styles.heading}>
        Just added
      </h2>
      <ul className={styles.list}>
        {list.map((p) => {
          const content = (
            <>
              <span className={styles.title}>{p.title}</span>
              {p.createdAt && (
                <time dateTime={p.createdAt} className={styles.date}>
                  Added {formatDate(p.createdAt, timeZone)}
                </time>
              )}
            </>
          );
          const link = promotionLink(p.url);
          return (
            <li key={p.id}>
              {onPage.has(p.id) ? (
                <a href={`#${promotionAnchor(p)}`} className={styles.item}>
                  {content}
                </a>
              ) : link.kind === 'internal' ? (
                <Link to={link.to} className={styles.item}>
                  {content}
                </Link>
              ) : link.kind === 'external' ? (
                <a href={link.href} target="_blank" rel="noopener noreferrer" className={styles.item}>
                  {content}
                </a>
              ) : (
                <span className={styles.item}>{content}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
