import { createContext, useContext } from 'react';

/** What every screen may need from the layout: who is signed in and the site's route switches. */
export interface Layout {
  signedIn: boolean;
  /** The second, smaller route set replaces home, how-to, about-us and promotions. */
  alternateRoutes: boolean;
  /** The optional promotional pages' flags (their content comes with the page: features/pages/PromoPage.tsx). */
  promotionPages: readonly {
    key: string;
    path: string;
    enabled: boolean;
    requiresSignIn: boolean;
  }[];
  /** The ways to reach support that are on now: the live chat only while the site loads it (null: not known). */
  contact?: Contact | null;
}

export interface Contact {
  liveChat: boolean;
  email: string | null;
  phone: string | null;
}

export const LayoutContext = createContext<Layout>({
  signedIn: false,
  alternateRoutes: false,
  promotionPages: [],
  contact: null,
});
export const useLayout = () => useContext(LayoutContext);
