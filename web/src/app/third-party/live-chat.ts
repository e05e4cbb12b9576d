import { useEffect } from 'react';
import { useOpenModal } from '../../shared/modals/modal-store';

declare global {
  interface Window {
    __lc?: { license: string };
  }
}

const SCRIPT_ID = 'live-chat-script';

/**
 * The live chat widget, loaded when the site's settings switch it on (and never otherwise: nothing outside the site
 * is contacted), and hidden while a game is being played so it never covers the game.
 */
export function useLiveChat(
  chat: { enabled: boolean; scriptUrl: string | null; licenseId: string | null } | null,
) {
  const open = useOpenModal();
  const enabled = chat?.enabled === true && Boolean(chat.scriptUrl);
  useEffect(() => {
    if (!enabled || !chat?.scriptUrl || document.getElementById(SCRIPT_ID)) return;
    window.__lc = { license: chat.licenseId ?? '' };
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = chat.scriptUrl;
    script.async = true;
    document.body.append(script);
  }, [enabled, chat?.scriptUrl, chat?.licenseId]);

  const playing = open?.name === 'game';
  useEffect(() => {
    if (playing) document.body.dataset.gamePlaying = 'true';
    else delete document.body.dataset.gamePlaying;
  }, [playing]);
}
