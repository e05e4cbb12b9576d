import { useState } from 'react';
import { useLayout } from '../layout-context';
import styles from './ContactRoutes.module.css';

declare global {
  interface Window {
    /** The live chat service's widget API, once its script has loaded. */
    LiveChatWidget?: { call: (method: 'maximize') => void };
  }
}

/**
 * Opens the live chat: through the widget's API when it has one, else by pressing the widget's own button (the
 * sandbox's stand-in has only the button). False when the widget has not loaded.
 */
function openLiveChat(): boolean {
  if (window.LiveChatWidget) {
    window.LiveChatWidget.call('maximize');
    return true;
  }
  const button = document.querySelector<HTMLButtonElement>('#chat-widget-container button');
  if (!button) return false;
  if (button.getAttribute('aria-expanded') !== 'true') button.click();
  button.focus();
  return true;
}

/** A phone number as a tel: address (digits and a leading +). */
const telAddress = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The ways to reach support that are on right now, from the site's settings: the live chat only while the site
 * loads it, then email and phone when the settings give them (docs/rules.md#help-and-contact). Nothing is offered
 * that would not answer.
 */
export function ContactRoutes({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { contact } = useLayout();
  const Heading = `h${headingLevel}` as const;
  const routes = contact ?? { liveChat: false, email: null, phone: null };
  const any = routes.liveChat || routes.email !== null || routes.phone !== null;
  // The chat's script loads after the page: pressed before it has, the button says so rather than doing nothing.
  const [chatNotReady, setChatNotReady] = useState(false);
  return (
    <section className={styles.contact} aria-labelledby="contact-heading">
      <Heading id="contact-heading">Contact support</Heading>
      {!any ? (
        <p>
          Our contact details could not be loaded right now. Please try again in a moment, or read the answers
          on our <a href="/help">help page</a>.
        </p>
      ) : (
        <>
          <p>Our support team answers every day from 8am to 10pm.</p>
          <ul className={styles.routes}>
            {routes.liveChat && (
              <li>
                <button
                  type="button"
                  className={styles.route}
                  onClick={() => setChatNotReady(!openLiveChat())}
                >
                  <strong>Live chat</strong>
                  <span>Chat with us now</span>
                </button>
                <p role="status" className={styles.note}>
                  {chatNotReady ? 'The chat is still starting. Please try again in a moment.' : ''}
                </p>
              </li>
            )}
            {routes.email && (
              <li>
                <a className={styles.route} href={`mailto:${routes.email}`}>
                  <strong>Email</strong>
                  <span>{routes.email}</span>
                </a>
              </li>
            )}
            {routes.phone && (
              <li>
                <a className={styles.route} href={telAddress(routes.phone)}>
                  <strong>Phone</strong>
                  <span>{routes.phone}</span>
                </a>
              </li>
            )}
          </ul>
        </>
      )}
    </section>
  );
}
