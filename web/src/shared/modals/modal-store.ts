import { useSyncExternalStore } from 'react';

/*
 * Which modal is open: one at a time, openable from anywhere (openModal) and from the address
 * (?modal=<name>, read by app/modals/ModalHost.tsx). The modals of the site are those of
 * docs/rules.md#routes-and-query-parameters; each feature declares its own (name, parameters, component) in its
 * modals.ts, adding its names and parameters to ModalParams below.
 */

export type AuthMode = 'login' | 'registration' | 'reset';

/**
 * Every modal's parameters, by its name. A feature adds its modals in its modals.ts (TypeScript's declaration
 * merging: `declare module '../../shared/modals/modal-store' { interface ModalParams { ... } }`), so opening a
 * modal with parameters it does not take fails to compile. The two this module opens itself are declared here.
 */
export interface ModalParams {
  /** Logging in (the default), registering or asking for a password reset: features/auth. */
  auth: { mode?: AuthMode };
  /** A message for the player: features/notices. */
  alert: { title?: string; message?: string };
}

export type ModalName = keyof ModalParams;

/** The open modal: its name and its parameters. */
export type OpenModal = { [N in ModalName]: { name: N; params: ModalParams[N] } }[ModalName];

/** A modal's parameters as openModal takes them: optional when the modal needs none. */
type ParamsArgument<N extends ModalName> =
  Record<string, never> extends ModalParams[N] ? [params?: ModalParams[N]] : [params: ModalParams[N]];

let open: OpenModal | null = null;
/** A notice that waits for the open modal to close (see openModalWhenFree). */
let waiting: OpenModal | null = null;
/** What had focus when the first modal opened: focus goes back there when the last one closes. */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

const modal = <N extends ModalName>(name: N, params: ModalParams[N] | undefined) =>
  ({ name, params: params ?? {} }) as OpenModal;

export function openModal<N extends ModalName>(name: N, ...[params]: ParamsArgument<N>): void {
  if (!open) opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  open = modal(name, params);
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
export function openModalWhenFree<N extends ModalName>(name: N, ...[params]: ParamsArgument<N>): void {
  if (open) waiting = modal(name, params);
  else openModal<ModalName>(name, params);
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

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** No modal on the server, nor in the render that hydrates its markup (a modal the address asks for opens after). */
export const useOpenModal = () =>
  useSyncExternalStore(
    subscribe,
    () => open,
    () => null,
  );
