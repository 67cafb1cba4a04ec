// How every browser run here starts Debian's Chromium (the Playwright tests, the client budget, the
// README screenshots): `npx playwright install` cannot download on these machines, and CI installs
// the same package (.ci/install-browser.sh). CHROMIUM_PATH overrides where it is.

/** The Chromium binary. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launch options for Playwright's chromium.launch() or a config's `use.launchOptions`. */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
