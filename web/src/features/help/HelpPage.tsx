import { useLayout } from '../../shared/layout-context';
import { ContactRoutes } from '../../shared/page/ContactRoutes';
import { Page } from '../../shared/page/Page';
import styles from './HelpPage.module.css';
import { Link } from '../../ui/Link';

/*
 * /help (docs/rules.md#help-and-contact): answers to the questions players ask most, in plain words, then the ways to
 * reach support that are on. Each answer is a native <details>: opened with Enter or Space, read by screen readers
 * as a disclosure, and found by the browser's own search while closed.
 */

interface Answer {
  question: string;
  answer: React.ReactNode;
}

/** The player's Safer gambling page; a guest, who cannot open it yet, reads its name. */
function SaferGamblingLink() {
  return useLayout().signedIn ? (
    <Link to="/account/safer-gambling">Safer gambling</Link>
  ) : (
    <strong>Safer gambling</strong>
  );
}

/** The player's verification page; a guest, who cannot open it yet, reads its name. */
function VerificationLink() {
  return useLayout().signedIn ? (
    <Link to="/account/verification">Verify your account</Link>
  ) : (
    <strong>Verify your account</strong>
  );
}

const ANSWERS: readonly Answer[] = [
  {
    question: 'How do I deposit?',
    answer: (
      <p>
        Sign in and press <strong>Cashier</strong>, choose how to pay (instant EFT, card, a voucher, Capitec,
        Discovery Bank or bitcoin) and the amount, from R10. Most payments arrive in your balance within a
        minute of the bank confirming them; the Cashier tells you when it has.
      </p>
    ),
  },
  {
    question: 'How do I withdraw, and how long does it take?',
    answer: (
      <p>
        Open the <strong>Cashier</strong>, choose <strong>Withdraw</strong> and enter at least R50. We pay to
        a bank account in your own name. Withdrawals requested before <strong>1pm</strong> are paid the same
        day; later ones the next working day. Your Transactions show each withdrawal as it moves from
        requested to paid.
      </p>
    ),
  },
  {
    question: 'Why can I not withdraw all of my balance?',
    answer: (
      <p>
        Bonus money is not cash yet. While a bonus is active, you must play through its wagering requirement
        before you can withdraw; the Cashier and <strong>BONUS WAGERING</strong> in your account menu show how
        much is left. You may opt out of a bonus at any time, which removes the bonus and its winnings.
      </p>
    ),
  },
  {
    question: 'How do bonuses and wagering work?',
    answer: (
      <p>
        A bonus is extra money to play with. Wagering means playing a set amount in real-money stakes before
        the bonus turns into cash you can withdraw. Every real-money stake counts. Each promotion&apos;s terms
        say how much to wager and by when.
      </p>
    ),
  },
  {
    question: 'Why do I need to verify my account?',
    answer: (
      <>
        <p>
          South African law requires it. The Financial Intelligence Centre Act (<strong>FICA</strong>) asks
          every casino to know who its players are, and only adults of <strong>18 or older</strong> may play.
          So when you join we ask for your ID number (or passport), and before your{' '}
          <strong>first withdrawal</strong> we check your documents. You can deposit and play while we do.
        </p>
        <p>
          Start on the <VerificationLink /> page in your account menu; the Cashier links there too when a
          withdrawal waits for it.
        </p>
      </>
    ),
  },
  {
    question: 'Which documents do I need to verify my account?',
    answer: (
      <ul>
        <li>
          <strong>An identity document</strong>: your green ID book, smart ID card or passport.
        </li>
        <li>
          <strong>A proof of address</strong> in your name, <strong>not older than three months</strong>: a
          utility bill, a bank or municipal statement, or a lease.
        </li>
        <li>
          <strong>A bank statement</strong> of the account we pay you into, only if we ask for one.
        </li>
        <li>
          A photo from your phone&apos;s camera, or a JPEG, PNG or PDF file: all four corners showing and easy
          to read.
        </li>
      </ul>
    ),
  },
  {
    question: 'How long does verification take?',
    answer: (
      <p>
        Uploading takes a few minutes. We usually review your documents <strong>within 24 hours</strong>, and
        your verification page updates by itself when we have decided. If we cannot accept a document, the
        page tells you why: upload a better one and submit again.
      </p>
    ),
  },
  {
    question: 'Is my personal information safe?',
    answer: (
      <p>
        Yes. We handle your ID number and documents as the Protection of Personal Information Act (
        <strong>POPIA</strong>) requires: they go straight to our own secure storage, are used only to verify
        your account and meet the law, and are never shown back, on any page or to anyone else. Your account
        shows your ID number masked (only its first six digits), and our leaderboards show only your first
        name and the first letter of your surname.
      </p>
    ),
  },
  {
    question: 'I forgot my password. What now?',
    answer: (
      <p>
        Press <strong>Log in</strong>, then <strong>Forgot your password?</strong>, and enter your email. We
        send you a link to choose a new password; it works once and for a short time. We never ask for your
        password by email, chat or phone.
      </p>
    ),
  },
  {
    question: 'How do I change my details or close my account?',
    answer: (
      <p>
        Open your account menu and choose <strong>PROFILE</strong> to change your details. To close your
        account, contact support below: we pay out your cash balance first.
      </p>
    ),
  },
  {
    question: 'What are loyalty chests?',
    answer: (
      <p>
        Real-money play earns diamonds, and every 10 diamonds make a chest with a cash reward. The chest icon
        in the header shows how many are ready; open them from <strong>LOYALTY CHESTS</strong> in your account
        menu.
      </p>
    ),
  },
  {
    question: 'Can I try a game without paying?',
    answer: (
      <p>
        Yes. Almost every game has a demo mode with play money: open a game and press{' '}
        <strong>Try the demo</strong>. Winnings in demo mode are not real. A few providers&apos; games are
        shown only to signed-in players.
      </p>
    ),
  },
  {
    question: 'How do I keep my gambling under control?',
    answer: (
      <>
        <p>
          Set yourself a budget before you play and never chase losses. On the <SaferGamblingLink /> page in
          your account you can set deposit, loss and play-time limits, take a break or exclude yourself;
          support can help too. If gambling is causing you or your family harm, call the South African
          Responsible Gambling Foundation free on <a href="tel:0800006008">0800 006 008</a>, any time.
        </p>
        <p>
          Read more on our <Link to="/responsible-gambling">responsible gambling</Link> page.
        </p>
      </>
    ),
  },
];

export function Component() {
  return (
    <Page
      title="Help and contact"
      lead="Answers to the questions players ask most, and how to reach us."
      head={{
        description:
          'PlayLive Casino help: answers about joining, verifying, deposits, withdrawals, bonuses and limits, and how to reach our support team.',
      }}
    >
      <h2>Common questions</h2>
      <div className={styles.answers}>
        {ANSWERS.map((a) => (
          <details key={a.question} className={styles.answer}>
            <summary className={styles.question}>{a.question}</summary>
            <div className={styles.body}>{a.answer}</div>
          </details>
        ))}
      </div>
      <ContactRoutes />
    </Page>
  );
}
