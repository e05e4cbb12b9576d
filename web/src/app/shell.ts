import { createContext, useContext } from 'react';

/** What every screen may need from the frame: who is signed in and the site's route switches. */
export interface Shell {
  signedIn: boolean;
  /** The second, smaller route set replaces home, how-to, about-us and promotions. */
  alternateRoutes: boolean;
  promotionPages: readonly {
    key: string;
    path: string;
    enabled: boolean;
    requiresSignIn: boolean;
    title: string | null | undefined;
    intro: string | null | undefined;
    body: string | null | undefined;
    image: string | null | undefined;
    terms: string | null | undefined;
  }[];
}

export const ShellContext = createContext<Shell>({
  signedIn: false,
  alternateRoutes: false,
  promotionPages: [],
});
export const useShell = () => useContext(ShellContext);
