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
}

export const LayoutContext = createContext<Layout>({
  signedIn: false,
  alternateRoutes: false,
  promotionPages: [],
});
export const useLayout = () => useContext(LayoutContext);
