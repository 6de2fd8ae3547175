/**
 * Before any test starts: make sure the browsers the tests drive are on this machine: Debian's
 * Chromium (/usr/bin/chromium, the Playwright tests) and Firefox ESR (/usr/bin/firefox-esr, the
 * WebDriver BiDi spec). As root the missing ones are installed with apt-get; otherwise the command
 * stops at once and prints the exact command to run. CHROMIUM_PATH / FIREFOX_PATH name other
 * executables (the tests read the same variables).
 */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Debian package → the executable the tests launch. */
const BROWSERS = {
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  'firefox-esr': process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
};

const missing = Object.entries(BROWSERS)
  .filter(([, path]) => !existsSync(path))
  .map(([pkg]) => pkg);

if (missing.length > 0) {
  const install = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`ensure-browsers: missing ${missing.join(', ')}. Run as root:\n  sudo sh -c '${install}'`);
    process.exit(1);
  }
  console.log(`ensure-browsers: installing Debian's ${missing.join(', ')} for the browser tests`);
  execFileSync('sh', ['-c', `apt-get update -qq && apt-get install -y -qq ${missing.join(' ')}`], {
    stdio: 'inherit',
  });
  for (const pkg of missing) {
    if (!existsSync(BROWSERS[pkg])) {
      console.error(`ensure-browsers: ${pkg} installed but ${BROWSERS[pkg]} is still missing`);
      process.exit(1);
    }
  }
}
