import { useSyncExternalStore } from 'react';

/*
 * Which modal is open: one at a time, openable from anywhere (openModal) and from the address
 * (?modal=<name>, read by ModalHost). The modals of the site are those of docs/rules.md#routes-and-query-parameters.
 */
export const MODAL_NAMES = [
  'alert',
  'maintenance',
  'app-version',
  'auth',
  'coupon',
  'game',
  'wallet',
  'wagering',
  'profile',
  'notifications',
  'transactions',
  'terms',
  'tournaments',
  'loyalty',
  'email-verified',
  'onboarding',
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

/** Modals only a signed-in player can open: a guest gets the login modal instead. */
export const PLAYER_MODALS: ReadonlySet<ModalName> = new Set([
  'coupon',
  'wallet',
  'wagering',
  'profile',
  'notifications',
  'transactions',
  'loyalty',
]);

export type AuthMode = 'login' | 'registration' | 'reset';

export interface OpenModal {
  name: ModalName;
  /** For auth: the mode; for alert: its title and message; for others as they need. */
  params: Record<string, string>;
}

let open: OpenModal | null = null;
/** A notice that waits for the open modal to close (see openModalWhenFree). */
let waiting: OpenModal | null = null;
/** What had focus when the first modal opened: focus goes back there when the last one closes. */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function openModal(name: ModalName, params: Record<string, string> = {}): void {
  if (!open) opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  open = { name, params };
  notify();
}

/** Gives focus back to what opened the modals (if it is still on the page). */
export function restoreFocus(): void {
  const target = opener;
  opener = null;
  if (target?.isConnected) target.focus();
}

/**
 * Opens a notice the player did not ask for (onboarding, a new version) without taking the place of a modal they
 * did ask for (the cashier from a link, the game they chose before joining): while one is open, the notice waits
 * and opens when it closes.
 */
export function openModalWhenFree(name: ModalName, params: Record<string, string> = {}): void {
  if (open) waiting = { name, params };
  else openModal(name, params);
}

export function closeModal(): void {
  if (!open) return;
  open = waiting;
  waiting = null;
  notify();
}

export const openAuth = (mode: AuthMode = 'login') => openModal('auth', { mode });

/** A message for the player, with the server's own text where it has one. */
export const showAlert = (message: string, title = 'Something went wrong') =>
  openModal('alert', { title, message });

export const isModalName = (value: string | null): value is ModalName =>
  value !== null && (MODAL_NAMES as readonly string[]).includes(value);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useOpenModal = () => useSyncExternalStore(subscribe, () => open);
