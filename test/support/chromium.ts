/** Debian's Chromium, which the browser tests and benches drive through playwright-core. */
export const chromiumPath = '/usr/bin/chromium';

/** Its flags: headless, and nothing that reaches the network or updates itself. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
