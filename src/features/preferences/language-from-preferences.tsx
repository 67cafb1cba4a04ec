import { useEffect } from 'react';
import { rememberedLanguage } from '../../lib/i18n/language';
import { chooseLanguage } from '../../lib/i18n/choose-language';
import { usePreferences } from './preferences-queries';

/**
 * The language follows the person to every device (api-contract.md "Languages"): when their
 * preferences arrive (cached, then fresh from the server) with a language other than the one this
 * device remembers, the app speaks theirs; a choice reset to null elsewhere lets this device follow
 * its browser again. What the device remembers is what it speaks (main.tsx speaks it before the
 * first render; chooseLanguage remembers a choice before its catalogue arrives), so comparing with
 * it never starts a second switch while Settings' own is under way. chooseLanguage remembers the
 * choice, so the next visit's first screen already speaks it, and does nothing when it is spoken
 * already: the re-render a change of language causes (main.tsx keys the app by it) finds nothing
 * left to do. Default export: loaded lazily by the signed-in navigation, which is rendered exactly
 * while someone is signed in.
 */
export default function LanguageFromPreferences() {
  const language = usePreferences().data?.language;

  useEffect(() => {
    if (language === undefined) return;
    if (language === rememberedLanguage()) return;
    // Its catalogue unreachable (offline): remembered all the same, spoken from the next visit.
    chooseLanguage(language).catch(() => undefined);
  }, [language]);

  return null;
}
