import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  applyTheme,
  effectiveThemeOf,
  getThemePreference,
  setThemePreference,
  subscribeToTheme,
  type EffectiveTheme,
  type ThemePreference,
} from './theme-preference';

export interface ThemeState {
  preference: ThemePreference;
  theme: EffectiveTheme;
  /** The navigation toggle: from whatever shows now to the other one (spec section 2). */
  toggle: () => void;
  setPreference: (preference: ThemePreference) => void;
}

const getSnapshot = () => `${getThemePreference()}:${effectiveThemeOf(getThemePreference())}`;

/** The theme, following the system live while the preference is `system`. */
export function useTheme(): ThemeState {
  const snapshot = useSyncExternalStore(subscribeToTheme, getSnapshot);
  const [preference, theme] = snapshot.split(':') as [ThemePreference, EffectiveTheme];

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  const toggle = useCallback(() => {
    setThemePreference(effectiveThemeOf(getThemePreference()) === 'dark' ? 'light' : 'dark');
  }, []);

  return { preference, theme, toggle, setPreference: setThemePreference };
}
