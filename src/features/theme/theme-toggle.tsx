import { useLingui } from '@lingui/react/macro';
import { useTheme } from './use-theme';

/** The navigation bar's switch between dark and light. */
export function ThemeToggle() {
  const { t } = useLingui();
  const { theme, toggle } = useTheme();
  const label = theme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <button type="button" onClick={toggle} aria-label={label} title={label} className="icon-button">
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}
