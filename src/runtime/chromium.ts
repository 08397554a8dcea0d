/**
 * Finding a Chromium to drive. We never download one: SCORM_TESTER_CHROMIUM, then a system
 * Chromium/Chrome, then a browser already in Playwright's cache; none -> BROWSER_REQUIRED.
 */
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fail } from '../core/errors.js';

/** What findChromium looks at; overridable so tests can describe a machine. */
export interface ChromiumProbe {
  platform: NodeJS.Platform;
  home: string;
  isExecutable: (path: string) => boolean;
  listDir: (path: string) => string[];
}

const defaultProbe: ChromiumProbe = {
  platform: process.platform,
  home: homedir(),
  isExecutable: (path) => {
    try {
      if (!statSync(path).isFile()) return false;
      accessSync(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  listDir: (path) => {
    try {
      return readdirSync(path);
    } catch {
      return [];
    }
  },
};

export const INSTALL_HINT =
  'Install one (Debian/Ubuntu: `apt-get install -y chromium`; macOS/Windows: Google Chrome) ' +
  'or set SCORM_TESTER_CHROMIUM to the path of a Chromium/Chrome executable.';

function systemCandidates(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string[] {
  if (platform === 'darwin') {
    const apps = [
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Chromium.app/Contents/MacOS/Chromium',
      'Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary',
    ];
    return [...apps.map((a) => join('/Applications', a)), ...apps.map((a) => join(home, 'Applications', a))];
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (r): r is string => typeof r === 'string' && r.length > 0,
    );
    const rel = ['Google\\Chrome\\Application\\chrome.exe', 'Chromium\\Application\\chrome.exe'];
    return roots.flatMap((root) => rel.map((r) => `${root}\\${r}`));
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/lib/chromium/chromium',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
  ];
}

function playwrightCacheDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  const custom = env.PLAYWRIGHT_BROWSERS_PATH;
  if (custom && custom !== '0') return custom;
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'ms-playwright');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'ms-playwright');
  return join(home, '.cache', 'ms-playwright');
}

function revisionOf(dir: string): number {
  const m = /-(\d+)$/.exec(dir);
  return m ? Number(m[1]) : 0;
}

function cacheCandidates(probe: ChromiumProbe, env: NodeJS.ProcessEnv): string[] {
  const root = playwrightCacheDir(probe.platform, env, probe.home);
  const dirs = probe.listDir(root);
  const byRevision = (prefix: string): string[] =>
    dirs.filter((d) => d.startsWith(prefix)).sort((a, b) => revisionOf(b) - revisionOf(a));
  const inner: Record<string, string[]> = {
    linux: ['chrome-linux64/chrome', 'chrome-linux/chrome'],
    darwin: [
      'chrome-mac-arm64/Chromium.app/Contents/MacOS/Chromium',
      'chrome-mac/Chromium.app/Contents/MacOS/Chromium',
      'chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
      'chrome-mac-x64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
    ],
    win32: ['chrome-win64/chrome.exe', 'chrome-win/chrome.exe'],
  };
  const shell: Record<string, string[]> = {
    linux: ['chrome-headless-shell-linux64/chrome-headless-shell', 'chrome-linux/headless_shell'],
    darwin: [
      'chrome-headless-shell-mac-arm64/chrome-headless-shell',
      'chrome-headless-shell-mac-x64/chrome-headless-shell',
    ],
    win32: ['chrome-headless-shell-win64/chrome-headless-shell.exe'],
  };
  const key = probe.platform === 'darwin' || probe.platform === 'win32' ? probe.platform : 'linux';
  const out: string[] = [];
  for (const d of byRevision('chromium-')) for (const rel of inner[key] ?? []) out.push(join(root, d, rel));
  for (const d of byRevision('chromium_headless_shell-'))
    for (const rel of shell[key] ?? []) out.push(join(root, d, rel));
  return out;
}

/** The Chromium executable to launch, or BROWSER_REQUIRED saying where we looked. */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  probe: Partial<ChromiumProbe> = {},
): string {
  const p: ChromiumProbe = { ...defaultProbe, ...probe };
  const explicit = env.SCORM_TESTER_CHROMIUM;
  if (explicit !== undefined && explicit !== '') {
    if (p.isExecutable(explicit)) return explicit;
    fail(
      'BROWSER_REQUIRED',
      `SCORM_TESTER_CHROMIUM is set to "${explicit}", which is not an executable file. ` +
        'Point it at a Chromium/Chrome binary or unset it to use the system browser.',
      { env: 'SCORM_TESTER_CHROMIUM', path: explicit },
    );
  }
  const system = systemCandidates(p.platform, env, p.home);
  for (const c of system) if (p.isExecutable(c)) return c;
  const cached = cacheCandidates(p, env);
  for (const c of cached) if (p.isExecutable(c)) return c;
  fail('BROWSER_REQUIRED', `No Chromium found for the run-time tools. ${INSTALL_HINT}`, {
    searched: [...system, playwrightCacheDir(p.platform, env, p.home)],
  });
}

/** Flags that keep Chromium quiet and offline-friendly (see notes/findings.md). */
export function chromiumArgs(
  isRoot = typeof process.getuid === 'function' && process.getuid() === 0,
): string[] {
  const args = [
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-default-apps',
    '--disable-extensions',
    '--mute-audio',
    // WebRTC never sends UDP: it would go past every proxy, to loopback too (STUN, TURN over UDP,
    // connectivity checks to peer candidates). What is left is TURN over TCP/TLS through the session's
    // proxy, judged like any request. Browser-wide and out of the page's reach, right for every session:
    // UDP cannot be judged per destination. (--force-webrtc-ip-handling-policy is not read by Chromium 156.)
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    // An LMS launches a course from the learner's click, and media under that page may start without a
    // further gesture (docs/runtime-launch.md says why this flag and not a synthetic click).
    '--autoplay-policy=no-user-gesture-required',
  ];
  if (isRoot) args.push('--no-sandbox');
  return args;
}
