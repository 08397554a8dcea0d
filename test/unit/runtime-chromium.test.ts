import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ScormTesterError } from '../../src/core/errors.js';
import { chromiumArgs, findChromium, type ChromiumProbe } from '../../src/runtime/chromium.js';
import { resolveViewport } from '../../src/runtime/viewport.js';

function machine(
  executables: string[],
  dirs: Record<string, string[]> = {},
  platform: NodeJS.Platform = 'linux',
) {
  const probe: Partial<ChromiumProbe> = {
    platform,
    home: '/home/u',
    isExecutable: (p) => executables.includes(p),
    listDir: (p) => dirs[p] ?? [],
  };
  return probe;
}

test('SCORM_TESTER_CHROMIUM wins over everything else', () => {
  const probe = machine(['/opt/my/chrome', '/usr/bin/chromium']);
  assert.equal(findChromium({ SCORM_TESTER_CHROMIUM: '/opt/my/chrome' }, probe), '/opt/my/chrome');
});

test('a wrong SCORM_TESTER_CHROMIUM is reported, not silently ignored', () => {
  const probe = machine(['/usr/bin/chromium']);
  assert.throws(
    () => findChromium({ SCORM_TESTER_CHROMIUM: '/nope/chrome' }, probe),
    (err: unknown) =>
      err instanceof ScormTesterError && err.code === 'BROWSER_REQUIRED' && /nope/.test(err.message),
  );
});

test('system Chromium before the Playwright cache', () => {
  const cache = '/home/u/.cache/ms-playwright';
  const cached = `${cache}/chromium-1200/chrome-linux64/chrome`;
  assert.equal(
    findChromium({}, machine(['/usr/bin/google-chrome', cached], { [cache]: ['chromium-1200'] })),
    '/usr/bin/google-chrome',
  );
});

test('Playwright cache: newest revision first, headless shell as a last resort', () => {
  const cache = '/home/u/.cache/ms-playwright';
  const dirs = { [cache]: ['chromium-1100', 'chromium-1200', 'chromium_headless_shell-1300', 'ffmpeg-1010'] };
  const newest = `${cache}/chromium-1200/chrome-linux64/chrome`;
  const older = `${cache}/chromium-1100/chrome-linux/chrome`;
  const shell = `${cache}/chromium_headless_shell-1300/chrome-headless-shell-linux64/chrome-headless-shell`;
  assert.equal(findChromium({}, machine([older, newest, shell], dirs)), newest);
  assert.equal(findChromium({}, machine([shell], dirs)), shell);
  assert.equal(
    findChromium(
      { PLAYWRIGHT_BROWSERS_PATH: '/pw' },
      machine(['/pw/chromium-7/chrome-linux/chrome'], { '/pw': ['chromium-7'] }),
    ),
    '/pw/chromium-7/chrome-linux/chrome',
  );
});

test('macOS and Windows usual locations', () => {
  const mac = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
  assert.equal(findChromium({}, machine([mac], {}, 'darwin')), mac);
  const win = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
  assert.equal(findChromium({ PROGRAMFILES: 'C:\\Program Files' }, machine([win], {}, 'win32')), win);
});

test('no browser anywhere -> BROWSER_REQUIRED with an install hint', () => {
  assert.throws(
    () => findChromium({}, machine([])),
    (err: unknown) =>
      err instanceof ScormTesterError &&
      err.code === 'BROWSER_REQUIRED' &&
      err.message.includes('apt-get install -y chromium') &&
      err.message.includes('SCORM_TESTER_CHROMIUM'),
  );
});

test('launch flags are quiet and add --no-sandbox only as root', () => {
  assert.ok(chromiumArgs(false).includes('--disable-background-networking'));
  assert.ok(!chromiumArgs(false).includes('--no-sandbox'));
  assert.ok(chromiumArgs(true).includes('--no-sandbox'));
  // WebRTC's UDP goes past every proxy: off for the whole browser (measured in mcp-runtime-network).
  assert.ok(chromiumArgs(false).includes('--webrtc-ip-handling-policy=disable_non_proxied_udp'));
  // An LMS launch is a learner's click: media may start without a further gesture (run-click-to-start).
  assert.ok(chromiumArgs(false).includes('--autoplay-policy=no-user-gesture-required'));
});

test('viewport presets, explicit sizes and bad sizes', () => {
  assert.deepEqual(resolveViewport({ device: 'mobile' }), {
    device: 'mobile',
    width: 390,
    height: 844,
    scale: 1,
    touch: true,
    mobile: true,
  });
  const custom = resolveViewport({ width: 1024, height: 700, scale: 2 });
  assert.equal(custom.device, 'custom');
  assert.equal(custom.touch, false);
  assert.equal(custom.scale, 2);
  assert.equal(resolveViewport({ device: 'tablet', width: 800 }).width, 800);
  assert.throws(() => resolveViewport({ width: 10 }), /viewport.width/);
  assert.throws(() => resolveViewport({ device: 'watch' as never }), /Unknown viewport device/);
  assert.throws(() => resolveViewport({ scale: 9 }), /viewport.scale/);
});
