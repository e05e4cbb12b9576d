import { useLayout } from '../../shared/layout-context';
import { buttonClass } from '../../ui/Button';
import { Page } from '../../shared/page/Page';
import styles from '../../shared/page/Page.module.css';
import { Link } from '../../ui/Link';

/*
 * The information pages, written for players. The second route set (the site's alternateRoutes switch) has its own,
 * shorter how-to and about-us.
 */

const HOW_TO_HEAD = {
  description:
    'How to play at PlayLive Casino: join in 30 seconds (18+), deposit in rand from the Cashier, try any game free in demo, and get paid out the same day.',
};

export function HowToPage() {
  const { alternateRoutes } = useLayout();
  if (alternateRoutes) {
    return (
      <Page title="How to play" lead="Three steps: join, deposit, play." head={HOW_TO_HEAD}>
        <ol>
          <li>Join in 30 seconds with your email and date of birth (18+ only).</li>
          <li>Deposit in rand from the Cashier.</li>
          <li>Pick a game and press play. Try any game in demo first, free.</li>
        </ol>
      </Page>
    );
  }
  return (
    <Page
      title="How to play"
      lead="Everything you need to start playing at PlayLive, from joining to your first payout."
      head={HOW_TO_HEAD}
    >
      <h2>1. Join</h2>
      <p>
        Press <strong>Join</strong>, enter your name, email, a password and your date of birth. You must be 18
        or older. It takes about 30 seconds, and your welcome package is waiting in the Cashier.
      </p>
      <h2>2. Deposit</h2>
      <p>
        Open the <strong>Cashier</strong> and choose how to pay: instant EFT, card, a voucher, Capitec,
        Discovery Bank or bitcoin. Amounts are in rand, and your balance updates as soon as the payment
        clears.
      </p>
      <h2>3. Choose a game</h2>
      <p>
        Browse about 350 slots and live tables. Filter by provider, feature, theme or paylines, or search by
        name. Every game can be played in demo mode first, free and without an account.
      </p>
      <h2>4. Earn rewards</h2>
      <p>
        Real-money play earns diamonds: every 10 diamonds make a loyalty chest with a cash reward. Join
        tournaments to climb the leaderboard, and check Promotions for weekly cashback and the Friday cash
        drop.
      </p>
      <h2>5. Withdraw</h2>
      <p>
        Verify your email, then withdraw from the Cashier. Requests before 1pm are paid the same day. If you
        have an active bonus, finish its wagering first (see Bonus wagering in your account menu).
      </p>
      <div className={styles.actions}>
        <Link to="/webplay/all" className={buttonClass('accent')}>
          Browse the games
        </Link>
      </div>
    </Page>
  );
}

export function AboutUsPage() {
  const { alternateRoutes } = useLayout();
  return (
    <Page
      title="About PlayLive"
      lead={
        alternateRoutes
          ? 'A South African online casino: fair games, fast payouts, real support.'
          : 'PlayLive is an online casino built for South African players: games you love, paid out fast, in rand.'
      }
      head={{
        description:
          'About PlayLive Casino: an online casino built for South African players, licensed in Curacao, with fair games, same-day payouts in rand and real support.',
      }}
    >
      {!alternateRoutes && (
        <>
          <h2>Who we are</h2>
          <p>
            PlayLive is operated by PlayLive Entertainment N.V. under a Curaçao gaming licence. Our team in
            Cape Town and Johannesburg runs the site, support and payments.
          </p>
          <h2>What we offer</h2>
          <p>
            About 350 slots from the best providers, live roulette, blackjack and baccarat tables, weekly
            tournaments, loyalty chests and promotions such as weekly cashback and the Friday cash drop.
          </p>
          <h2>How we play fair</h2>
          <p>
            Every game comes from a licensed provider with independently tested random number generators. We
            pay out same day for requests before 1pm, and we never change a game&apos;s odds.
          </p>
        </>
      )}
      <h2>Contact</h2>
      <p>Support answers every day from 8am to 10pm at support@playlive.test and by live chat.</p>
    </Page>
  );
}

export function PrivacyPolicyPage() {
  return (
    <Page
      title="Privacy policy"
      lead="What we collect, why, and the choices you have. Last updated 1 November 2026."
      head={{
        description:
          'The PlayLive Casino privacy policy: what we collect when you join and play, why we keep it, who we share it with and the choices you have.',
      }}
    >
      <h2>What we collect</h2>
      <p>
        Your name, email, mobile number and date of birth when you join; your deposits, withdrawals and play;
        and the device and browser details needed to keep your account secure.
      </p>
      <h2>Why</h2>
      <p>
        To run your account and payments, to verify your age and identity as our licence requires, to prevent
        fraud, and to tell you about promotions if you agree to it.
      </p>
      <h2>Who we share it with</h2>
      <p>
        Payment processors, identity verification services and, when the law requires it, regulators. We never
        sell your data.
      </p>
      <h2>Your rights</h2>
      <p>
        Under South Africa&apos;s Protection of Personal Information Act you may ask for a copy of your data,
        correct it, or ask us to delete it where the law allows. Write to privacy@playlive.test.
      </p>
      <h2>Cookies</h2>
      <p>We use storage in your browser to keep you signed in and to measure which pages are used.</p>
    </Page>
  );
}

export function TermsPage() {
  return (
    <Page
      title="Terms and conditions"
      lead="The rules of your PlayLive account, in plain words."
      head={{
        description:
          'The PlayLive Casino terms in plain words: who may play (18+, South Africa), your account, bonuses, deposits and withdrawals in rand, and responsible play.',
      }}
    >
      <h2>Who may play</h2>
      <p>You must be 18 or older and play from South Africa. One account per person.</p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself. We may ask for documents to verify your identity before a withdrawal.
        Accounts opened with false details are closed and winnings voided.
      </p>
      <h2>Bonuses</h2>
      <p>
        Bonus money must be wagered as each offer states before it can be withdrawn. You can opt out of a
        bonus at any time; the bonus balance is then forfeited.
      </p>
      <h2>Deposits and withdrawals</h2>
      <p>
        All amounts are in South African rand. Withdrawals go to a method in your own name. Requests before
        1pm are paid the same day.
      </p>
      <h2>Responsible play</h2>
      <p>
        You can set limits, take a break or exclude yourself at any time. See{' '}
        <Link to="/responsible-gambling">Responsible gambling</Link>.
      </p>
    </Page>
  );
}

export function ResponsibleGamblingPage() {
  const { signedIn } = useLayout();
  return (
    <Page
      title="Responsible gambling"
      lead="Gambling should be fun. If it stops being fun, help is free, confidential and available every day."
      head={{
        description:
          'Responsible gambling at PlayLive Casino: deposit, loss and time limits, breaks and self-exclusion, and the free National Responsible Gambling Programme helpline 0800 006 008.',
      }}
    >
      <div className={styles.panel}>
        <p>
          <strong>National Responsible Gambling Programme helpline: 0800 006 008</strong> (toll-free, 24
          hours, every day). You can also SMS &quot;HELP&quot; to 076 675 0710 or visit a counsellor in your
          area, free of charge.
        </p>
      </div>
      <h2>Keep it in control</h2>
      <ul>
        <li>Decide on a budget before you play, and only play with money you can afford to lose.</li>
        <li>Set a time limit, and take regular breaks.</li>
        <li>Never chase losses: a losing streak is not a sign that a win is due.</li>
        <li>Don&apos;t play when you are upset, stressed or have been drinking.</li>
        <li>Keep gambling one activity among many: family, friends, sport and rest come first.</li>
      </ul>
      <h2>Warning signs</h2>
      <ul>
        <li>Spending more time or money than you meant to.</li>
        <li>Borrowing money or selling things to gamble.</li>
        <li>Hiding your gambling from the people close to you.</li>
        <li>Feeling anxious or irritable when you are not playing.</li>
      </ul>
      <h2>Set limits, take a break or exclude yourself</h2>
      <p>
        On your account&apos;s{' '}
        {signedIn ? (
          <Link to="/account/safer-gambling">Safer gambling</Link>
        ) : (
          <strong>Safer gambling</strong>
        )}{' '}
        page
        {signedIn ? '' : ' (in the account menu once you log in)'} you can set deposit, loss and play-time
        limits, take a break for 24 hours, 7 days or 6 weeks, or exclude yourself for 6 months, 1 year or 5
        years. Lowering a limit or starting a break works at once; raising a limit waits 24 hours. A
        self-exclusion cannot be undone before it ends. Our support team can help too.
      </p>
      <h2>Under 18s</h2>
      <p>
        Playing is illegal under 18. We verify every player&apos;s age. Parents can use filtering software to
        keep gambling sites away from children.
      </p>
    </Page>
  );
}
