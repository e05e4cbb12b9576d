import type { ComponentType, LazyExoticComponent } from 'react';
import type { ModalName, ModalParams } from './modal-store';

/** The site's settings some modals show, read once by the modal host for all of them. */
export interface ModalSite {
  maintenanceMessage: string | null;
  appVersion: string | null;
  terms: { version: string; text: string } | null;
  singleSignOn: { enabled: boolean; loginUrl: string | null; signupUrl: string | null };
}

/** What the host gives a modal's component: its parameters and the site's settings. */
export interface ModalProps<N extends ModalName> {
  params: ModalParams[N];
  site: ModalSite;
}

/** How `?modal=<name>` in the address opens a modal with parameters: the address's own, read and then taken out. */
interface FromAddress<N extends ModalName> {
  /** The address's parameters this modal reads (besides `modal`): the host takes them out once read. */
  keys: readonly string[];
  read(search: URLSearchParams): ModalParams[N];
}

/** One modal: its component, loaded when it first opens (its own chunk), who may open it, and its address form. */
export type ModalDefinition<N extends ModalName> = {
  component: LazyExoticComponent<ComponentType<ModalProps<N>>>;
  /** Only a signed-in player may open it: a guest who does gets the login modal instead. */
  player?: boolean;
} & (Record<string, never> extends ModalParams[N]
  ? { address?: FromAddress<N> }
  : // A modal that needs parameters says how the address gives them.
    { address: FromAddress<N> });

/** Every modal of the site, by name: the host renders from it. */
export type ModalRegistry = { [N in ModalName]: ModalDefinition<N> };

/** A feature's modals, checked against the names and parameters it declared for them. */
export const defineModals = <T extends Partial<ModalRegistry>>(
  modals: T & Record<Exclude<keyof T, ModalName>, never>,
): T => modals;
