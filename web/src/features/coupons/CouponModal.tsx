import { useState, type FormEvent } from 'react';
import { fetchQuery, graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import type { CouponCard_coupon$key } from '../../__generated__/CouponCard_coupon.graphql';
import type { CouponModalQuery } from '../../__generated__/CouponModalQuery.graphql';
import type {
  CouponModalPreviewQuery,
  CouponModalPreviewQuery$data,
} from '../../__generated__/CouponModalPreviewQuery.graphql';
import { Modal } from '../../shared/modals/Modal';
import { wagerPhrase } from '../../shared/offers/offer-words';
import { closeModal, openModal } from '../../shared/modals/modal-store';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../shared/forms/useForm';
import { CouponCard } from './CouponCard';
import styles from './coupons.module.css';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { useOptOutCoupon } from './useOptOutCoupon';
import { useRedeemCoupon } from './useRedeemCoupon';
import { Notice, type NoticeText } from './Notice';
import { OptOut } from './OptOut';
import { checkCouponCode, COUPON_OPT_OUT_FAILURE, COUPON_OPT_OUT_SUCCESS } from './rules';
import { useReload } from '../../shared/relay/useReload';
import type { ModalProps } from '../../shared/modals/registry';

/** The player's active coupon; read again too when a redemption's outcome is not known (docs/rules.md#coupons-and-wagering). */
const CouponQuery = graphql`
  query CouponModalQuery {
    site {
      wageringEnabled
    }
    viewer {
      id
      activeCoupon @catch(to: RESULT) {
        id
        code
        bonusAmount {
          formatted
        }
        ...CouponCard_coupon
      }
    }
  }
`;

/** What a code would give and lock, before it is applied (docs/rules.md#coupons-and-wagering). */
const PreviewQuery = graphql`
  query CouponModalPreviewQuery($code: String!) {
    couponPreview(code: $code) {
      code
      description
      bonusAmount {
        formatted
      }
      wagerMultiplier
      wageringRequired {
        formatted
      }
      lockedCash {
        cents
        formatted
      }
    }
  }
`;

type CouponPreview = CouponModalPreviewQuery$data['couponPreview'];

/**
 * The redeem coupon modal (docs/rules.md#coupons-and-wagering): the player's active coupon with its wagering and
 * the coupon opt-out, or the code field; a refused code shows the backend's own text, a redeemed one the bonus it
 * gave. Opened with `code` in its params, the field starts with that code.
 */
export default function CouponModal({ params }: Pick<ModalProps<'coupon'>, 'params'>) {
  const { options, reload } = useReload();
  return (
    <Modal title="Redeem a coupon" size="sm">
      <LoadBoundary what="your coupons" onRetry={reload}>
        <CouponContent options={options} initialCode={params.code ?? ''} onRetry={reload} />
      </LoadBoundary>
    </Modal>
  );
}

function CouponContent(props: {
  options: ReturnType<typeof useReload>['options'];
  initialCode: string;
  onRetry: () => void;
}) {
  const data = useLazyLoadQuery<CouponModalQuery>(CouponQuery, {}, props.options);
  const [redeemed, setRedeemed] = useState<{ coupon: CouponCard_coupon$key; bonus: string } | null>(null);
  const [notice, setNotice] = useState<NoticeText | null>(null);
  const [optOut, optingOut] = useOptOutCoupon();
  const wageringOn = data.site?.wageringEnabled === true;

  if (!data.viewer) return <p>Log in to redeem a coupon.</p>;

  if (redeemed) {
    return (
      <div className={styles.stack}>
        <Notice
          notice={{ kind: 'success', text: `Coupon redeemed: ${redeemed.bonus} bonus added to your wallet.` }}
        />
        <CouponCard coupon={redeemed.coupon} />
        <p className={styles.muted}>Wager the requirement and your bonus becomes cash.</p>
        <div className={styles.actions}>
          {wageringOn && <Button onClick={() => openModal('wagering')}>See bonus wagering</Button>}
          <Button variant="ghost" onClick={closeModal}>
            Done
          </Button>
        </div>
      </div>
    );
  }

  const active = data.viewer.activeCoupon;
  const leave = async () => {
    try {
      await optOut({});
      setNotice({ kind: 'success', text: COUPON_OPT_OUT_SUCCESS });
    } catch {
      setNotice({ kind: 'error', text: COUPON_OPT_OUT_FAILURE });
    }
  };

  return (
    <div className={styles.stack}>
      {notice && <Notice notice={notice} />}
      {!active.ok && (
        <div className={styles.failed}>
          <p role="alert">We could not check for an active coupon right now.</p>
          <Button variant="ghost" onClick={props.onRetry}>
            Try again
          </Button>
        </div>
      )}
      {active.ok && active.value ? (
        <>
          <h3 className={styles.subhead}>Your active coupon</h3>
          <CouponCard coupon={active.value} />
          <p className={styles.muted}>
            You can redeem another coupon once this bonus is wagered, or after you opt out of it.
          </p>
          <div className={styles.actions}>
            {wageringOn && <Button onClick={() => openModal('wagering')}>See bonus wagering</Button>}
            <OptOut
              label="Opt out of this bonus"
              warning={`Opting out forfeits this coupon's ${active.value.bonusAmount.formatted} bonus: what is left of it leaves your wallet. This cannot be undone.`}
              busy={optingOut}
              onConfirm={leave}
            />
          </div>
        </>
      ) : (
        <RedeemForm
          initialCode={props.initialCode}
          // A new attempt: an earlier success (an opt-out's) never stays above what this one says.
          onAttempt={() => setNotice(null)}
          onRedeemed={(coupon, bonus) => {
            setNotice(null);
            setRedeemed({ coupon, bonus });
          }}
          onConfirmed={(code) =>
            setNotice({ kind: 'success', text: `Coupon ${code} was applied: its bonus is in your wallet.` })
          }
        />
      )}
    </div>
  );
}

/** Whether a failed redemption's outcome is unknown: no answer came (the casino's own refusal is an answer). */
function outcomeUnknown(err: unknown): boolean {
  const code = (err as { errors?: readonly { extensions?: { code?: string } }[] } | null)?.errors?.[0]
    ?.extensions?.code;
  return (
    code === undefined ||
    code === 'UPSTREAM_UNAVAILABLE' ||
    code === 'OUTCOME_UNKNOWN' ||
    code === 'INTERNAL_SERVER_ERROR'
  );
}

type Recheck = 'applied' | 'not-applied' | 'unknown';

function RedeemForm(props: {
  initialCode: string;
  onAttempt: () => void;
  onRedeemed: (coupon: CouponCard_coupon$key, bonus: string) => void;
  /** A redemption that got no answer turned out to have applied (the modal shows the coupon from the store). */
  onConfirmed: (code: string) => void;
}) {
  const environment = useRelayEnvironment();
  const [redeem, busy] = useRedeemCoupon();
  const [checking, setChecking] = useState(false);
  // The last redemption got no answer and reading the active coupon did not tell either: say so, offer to check.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [notApplied, setNotApplied] = useState(false);
  // Step two: the coupon's terms and what it locks, read from the casino for the code typed; Confirm applies it.
  const [preview, setPreview] = useState<CouponPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const form = useForm({ code: props.initialCode });
  // The casino's refusal is about the code (docs/rules.md: its own text, e.g. 'Invalid coupon code.'): beside it.
  const code = { ...form.field('code') };
  code.error ??= form.message;

  /** Reads the active coupon again: whether `sent` is now the player's (the modal then shows it from the store). */
  const recheck = async (sent: string): Promise<Recheck> => {
    setChecking(true);
    try {
      const data = await fetchQuery<CouponModalQuery>(
        environment,
        CouponQuery,
        {},
        { fetchPolicy: 'network-only' },
      )
        .toPromise()
        .catch(() => null);
      const active = data?.viewer?.activeCoupon;
      if (!active?.ok) return 'unknown';
      return active.value?.code.toUpperCase() === sent.toUpperCase() ? 'applied' : 'not-applied';
    } finally {
      setChecking(false);
    }
  };

  /** What the player reads once the active coupon says how the redemption went. */
  const settle = (outcome: Recheck, sent: string) => {
    setUnconfirmed(outcome === 'unknown' ? sent : null);
    setNotApplied(outcome === 'not-applied');
    if (outcome === 'applied') props.onConfirmed(sent);
  };

  /** Step one: the casino's preview of the code (a code it refuses is refused here, with its own text). */
  const review = (event: FormEvent) =>
    form.submit(event, { code: checkCouponCode(form.fields.code) }, async () => {
      props.onAttempt();
      setUnconfirmed(null);
      setNotApplied(false);
      setPreviewing(true);
      try {
        const data = await fetchQuery<CouponModalPreviewQuery>(
          environment,
          PreviewQuery,
          { code: form.fields.code.trim() },
          { fetchPolicy: 'network-only' },
        ).toPromise();
        if (data?.couponPreview) setPreview(data.couponPreview);
      } finally {
        setPreviewing(false);
      }
    });

  const submit = (event: FormEvent) =>
    form.submit(event, {}, async () => {
      props.onAttempt();
      setUnconfirmed(null);
      setNotApplied(false);
      const sent = form.fields.code.trim();
      try {
        const { redeemCoupon } = await redeem({ input: { code: sent } });
        props.onRedeemed(redeemCoupon.coupon, redeemCoupon.coupon.bonusAmount.formatted);
      } catch (err) {
        // No answer is not a no: the active coupon says whether it applied before anything is said
        // (docs/rules.md#coupons-and-wagering).
        if (!outcomeUnknown(err)) {
          setPreview(null);
          throw err;
        }
        settle(await recheck(sent), sent);
      }
    });

  const checkAgain = async () => {
    if (unconfirmed) settle(await recheck(unconfirmed), unconfirmed);
  };

  if (preview && !unconfirmed && !notApplied) {
    return (
      <form noValidate onSubmit={submit} aria-label="Confirm your coupon" className={styles.stack}>
        <h3 className={styles.subhead}>Coupon {preview.code}</h3>
        {preview.description && <p className={styles.muted}>{preview.description}</p>}
        <dl className={styles.terms} data-testid="coupon-terms">
          <div>
            <dt>Bonus</dt>
            <dd>{preview.bonusAmount.formatted}</dd>
          </div>
          <div>
            <dt>Wagering</dt>
            <dd>{wagerPhrase(preview.wagerMultiplier, preview.wageringRequired.formatted)}</dd>
          </div>
        </dl>
        <p className={styles.lock} data-testid="coupon-lock">
          {preview.lockedCash.cents > 0 ? (
            <strong>
              Your {preview.lockedCash.formatted} cash will also be locked until you wager{' '}
              {preview.wageringRequired.formatted}.
            </strong>
          ) : (
            <>While you wager it, withdrawals are closed.</>
          )}{' '}
          You can opt out at any time: the bonus left is removed and your cash unlocks.
        </p>
        <div className={styles.actions}>
          <Button type="submit" variant="accent" disabled={busy || checking}>
            {busy ? 'Redeeming…' : checking ? 'Checking…' : 'Confirm'}
          </Button>
          <Button variant="ghost" onClick={() => setPreview(null)} disabled={busy || checking}>
            Back
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={review}>
      {notApplied && (
        <Notice
          notice={{
            kind: 'error',
            text: 'Your coupon was not applied: the casino did not answer. Please try again.',
          }}
        />
      )}
      {unconfirmed && (
        <div className={styles.failed}>
          <Notice
            notice={{
              kind: 'error',
              text: `We could not confirm whether coupon ${unconfirmed} was applied: the casino did not answer. Check again in a moment before redeeming it again.`,
            }}
          />
          <Button variant="ghost" onClick={() => void checkAgain()} disabled={checking}>
            {checking ? 'Checking…' : 'Check again'}
          </Button>
        </div>
      )}
      <p className={`${styles.muted} ${styles.intro}`}>
        Have a bonus code? Enter it to add its bonus to your wallet.
      </p>
      <TextField
        label="Coupon code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...code}
      />
      <Button
        type="submit"
        variant="accent"
        className={styles.wide}
        disabled={busy || checking || previewing}
      >
        {previewing ? 'Checking the code…' : checking ? 'Checking…' : 'Redeem'}
      </Button>
    </form>
  );
}
