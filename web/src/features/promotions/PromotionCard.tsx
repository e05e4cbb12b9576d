import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PromotionCard_promotion$key } from '../../__generated__/PromotionCard_promotion.graphql';
import { openAuth, openModal } from '../../shared/modals/modal-store';
import { wagerPhrase, welcomeHeadline } from '../../shared/offers/offer-words';
import { WelcomeTerms } from '../../shared/offers/WelcomeTerms';
import { Button, buttonClass } from '../../ui/Button';
import { ContentImage, POSTER } from '../../shared/content/ContentImage';
import { promotionAnchor, promotionLink } from './promotion-link';
import styles from './PromotionCard.module.css';
import { Link } from '../../ui/Link';

/**
 * One promotion: its picture, whether it is new or for players only, what it offers, where it leads, and its terms
 * (folded, one click away). A guest is offered to join where the promotion has nowhere else to lead. An offer's
 * numbers are the casino's data, never the promotion's prose (docs/rules.md#promotions-and-banners): the welcome
 * package's terms, or the advertised coupon's with a button that opens the coupon dialog on its code.
 */
export function PromotionCard({
  promotion,
  signedIn,
  priority,
  compact,
}: {
  promotion: PromotionCard_promotion$key;
  signedIn: boolean;
  priority: boolean;
  /** The second route set's smaller page: no pictures. */
  compact: boolean;
}) {
  const p = useFragment(
    graphql`
      fragment PromotionCard_promotion on Promotion {
        title
        description
        image
        url
        terms
        forSignedInOnly
        isNew
        welcomeOffer {
          bonusPercentage
          wagerMultiplier
          maxBonus {
            formatted
          }
          minDeposit {
            formatted
          }
        }
        coupon {
          code
          bonusAmount {
            formatted
          }
          wagerMultiplier
          wageringRequired {
            formatted
          }
        }
      }
    `,
    promotion,
  );
  const titleId = useId();
  const link = promotionLink(p.url);
  return (
    <article id={promotionAnchor(p)} className={styles.card} aria-labelledby={titleId}>
      {!compact && (
        <ContentImage
          src={p.image}
          fallback={p.title}
          size={POSTER.card}
          sizes="(max-width: 599px) 92vw, (max-width: 1100px) 45vw, 400px"
          priority={priority}
        />
      )}
      <div className={styles.body}>
        {(p.isNew || p.forSignedInOnly) && (
          <p className={styles.badges}>
            {p.isNew && <span className={styles.new}>New</span>}
            {p.forSignedInOnly && <span className={styles.players}>Players only</span>}
          </p>
        )}
        <h3 id={titleId} className={styles.title}>
          {p.title}
        </h3>
        {p.welcomeOffer && <p className={styles.offer}>{welcomeHeadline(p.welcomeOffer)}</p>}
        {p.description && <p className={styles.description}>{p.description}</p>}
        {p.coupon && (
          <p className={styles.offer} data-testid="promotion-coupon">
            Coupon {p.coupon.code}: {p.coupon.bonusAmount.formatted} bonus, wager{' '}
            {wagerPhrase(p.coupon.wagerMultiplier, p.coupon.wageringRequired.formatted)}.
          </p>
        )}
        <div className={styles.actions}>
          {p.coupon && signedIn && (
            <Button
              variant="accent"
              onClick={() => openModal('coupon', { code: p.coupon!.code })}
              aria-describedby={titleId}
            >
              Redeem {p.coupon.code}
            </Button>
          )}
          {p.welcomeOffer && signedIn && (
            <Button variant="accent" onClick={() => openModal('wallet')} aria-describedby={titleId}>
              Deposit
            </Button>
          )}
          {p.coupon && !signedIn && (
            <Button variant="accent" onClick={() => openAuth('login')} aria-describedby={titleId}>
              Sign in to redeem
            </Button>
          )}
          {link.kind === 'internal' && (
            <Link to={link.to} className={buttonClass('primary')} aria-describedby={titleId}>
              Find out more
            </Link>
          )}
          {link.kind === 'external' && (
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('primary')}
              aria-describedby={titleId}
            >
              Find out more
            </a>
          )}
          {link.kind === 'none' && !signedIn && (
            <Button variant="accent" onClick={() => openAuth('registration')} aria-describedby={titleId}>
              Join now
            </Button>
          )}
        </div>
        {(p.terms || p.welcomeOffer) && (
          <details className={styles.terms}>
            <summary>Terms and conditions</summary>
            {p.welcomeOffer && <WelcomeTerms offer={p.welcomeOffer} />}
            {p.terms && <p>{p.terms}</p>}
          </details>
        )}
      </div>
    </article>
  );
}
