// Counts possible false errors on a folder of SCORM packages that are believed correct.
//
// Usage: node scripts/false-verdicts.mjs <folder> [--json] [--timeout-ms N] [--cli path/to/cli-main.js]
//
// Finds every package under <folder>, recursively: a folder holding imsmanifest.xml (not searched
// further) or a .zip file; <folder> may itself be one package. For each it runs the built CLI
// (`npm run build` first):
//   validate <pkg> --format json          -> its error findings
//   run <pkg> --json                      -> its error-severity anomalies (the first SCO)
//   run <pkg> --json --nav continue,...   -> the same through every SCO, when the default
//                                            organization has more than one (one continue per SCO)
// and prints a table: package, authoring tool guessed from its files, error findings, error
// anomalies, then each error with its rule (or anomaly type), SCO and message. `--json` prints the
// same as one JSON document instead.
//
// Every error counts as a "possible false error" for a human to judge: on a correct course there
// should be none. Works offline (`run` blocks the network unless told otherwise); each command is
// bounded by --timeout-ms (default 120000) and a package that fails or times out is reported and
// the next one runs. Exit status: 0 no possible false error, 1 some, 2 bad usage or no package found.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';

const HERE = dirname(fileURLToPath(import.meta.url));

function usage(message) {
  console.error(
    `${message}\nUsage: node scripts/false-verdicts.mjs <folder> [--json] [--timeout-ms N] [--cli path]`,
  );
  process.exit(2);
}

function parseArgs(argv) {
  const options = {
    folder: null,
    json: false,
    timeoutMs: 120_000,
    cli: join(HERE, '../dist/bundle/cli-main.js'),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') options.json = true;
    else if (arg === '--timeout-ms') options.timeoutMs = Number(argv[++i]);
    else if (arg === '--cli') options.cli = resolve(argv[++i] ?? '');
    else if (arg.startsWith('--')) usage(`Unknown flag ${arg}`);
    else if (options.folder === null) options.folder = resolve(arg);
    else usage(`Unexpected argument ${arg}`);
  }
  if (options.folder === null) usage('Missing <folder>');
  if (!Number.isInteger(options.timeoutMs) || options.timeoutMs <= 0)
    usage('--timeout-ms needs a positive integer');
  if (!existsSync(options.cli)) usage(`CLI not found at ${options.cli} (run npm run build)`);
  return options;
}

/** Package folders (with imsmanifest.xml) and .zip files under `dir`. */
function findPackages(dir) {
  if (statSync(dir).isFile()) return dir.toLowerCase().endsWith('.zip') ? [dir] : [];
  if (existsSync(join(dir, 'imsmanifest.xml'))) return [dir];
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    const stat = statSync(full);
    if (stat.isDirectory()) found.push(...findPackages(full));
    else if (name.toLowerCase().endsWith('.zip')) found.push(full);
  }
  return found;
}

function listFolder(dir, prefix = '') {
  const out = [];
  for (const name of readdirSync(dir)) {
    const rel = prefix + name;
    if (statSync(join(dir, name)).isDirectory())
      out.push(rel + '/', ...listFolder(join(dir, name), rel + '/'));
    else out.push(rel);
  }
  return out;
}

/** The zip's entry names and the text of its root imsmanifest.xml. */
function readZip(path) {
  return new Promise((resolvePromise, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names = [];
      let manifest = null;
      zip.on('error', reject);
      zip.on('end', () => resolvePromise({ names, manifest }));
      zip.on('entry', (entry) => {
        names.push(entry.fileName);
        if (entry.fileName.toLowerCase() !== 'imsmanifest.xml') return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('end', () => {
            manifest = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The authoring tool a package's files suggest, or "unknown". */
function guessTool(names) {
  const all = names.map((n) => n.replace(/\\/g, '/').toLowerCase());
  const has = (test) => all.some(test);
  // Rise first: a Rise lesson may embed a Storyline block (scormcontent/assets/…/story_content/).
  if (has((n) => /(^|\/)scormcontent\/lib\//.test(n))) return 'Articulate Rise';
  if (has((n) => n.startsWith('story_content/') || n.includes('/story_content/')))
    return 'Articulate Storyline';
  const ispringNamed = has((n) => n.includes('ispring')) && has((n) => /(^|\/)data\//.test(n));
  if (ispringNamed || (has((n) => /(^|\/)res\/lms\.js$/.test(n)) && has((n) => /(^|\/)res\/data\//.test(n))))
    return 'iSpring';
  if (has((n) => /(^|\/)cpm\.js$/.test(n))) return 'Adobe Captivate';
  if (has((n) => /(^|\/)course\/en\//.test(n) || /(^|\/)adapt[^/]*\.js$/.test(n))) return 'Adapt';
  if (has((n) => n.includes('trivantis'))) return 'Lectora';
  if (has((n) => /(^|\/)(exe_[^/]*|[^/]*exelearning[^/]*)$/.test(n))) return 'eXeLearning';
  return 'unknown';
}

/** Items that launch something in the default organization (or the first one). */
function scoCount(manifest) {
  if (!manifest) return 0;
  const orgs = manifest.match(/<(?:\w+:)?organization\b[\s\S]*?<\/(?:\w+:)?organization>/g) ?? [];
  const wanted = /<(?:\w+:)?organizations\b[^>]*\bdefault\s*=\s*["']([^"']*)["']/.exec(manifest)?.[1];
  const org =
    orgs.find((o) => new RegExp(`identifier\\s*=\\s*["']${escapeRegExp(wanted ?? '')}["']`).test(o)) ??
    orgs[0];
  return (org?.match(/<(?:\w+:)?item\b[^>]*\bidentifierref\s*=/g) ?? []).length;
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs the CLI; never rejects. */
function runCli(cli, args, timeoutMs) {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolvePromise({ status: null, stdout, stderr: stderr + String(error), timedOut });
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolvePromise({ status, stdout, stderr, timedOut });
    });
  });
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What went wrong running a command, or null when it produced its JSON. */
function failureOf(result, json, command, timeoutMs) {
  if (result.timedOut) return `${command} timed out after ${timeoutMs} ms`;
  if (json === null)
    return `${command} exited ${result.status}: ${(result.stderr || result.stdout).trim().slice(0, 300)}`;
  return null;
}

async function checkPackage(path, root, options) {
  const isZip = statSync(path).isFile();
  const entry = { package: relative(root, path) || basename(path), path, tool: 'unknown', scos: 0 };
  entry.validate = { status: null, errors: [] };
  entry.runs = [];
  entry.failures = [];
  try {
    const { names, manifest } = isZip
      ? await readZip(path)
      : { names: listFolder(path), manifest: readFileSync(join(path, 'imsmanifest.xml'), 'utf8') };
    entry.tool = guessTool(names);
    entry.scos = scoCount(manifest);
  } catch (error) {
    entry.failures.push(
      `could not read the package: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  const validated = await runCli(
    options.cli,
    ['validate', path, '--format', 'json', '--quiet'],
    options.timeoutMs,
  );
  const report = parseJson(validated.stdout);
  const validateFailure = failureOf(validated, report, 'validate', options.timeoutMs);
  entry.validate.status = validated.status;
  if (validateFailure) entry.failures.push(validateFailure);
  for (const e of report?.errors ?? [])
    entry.validate.errors.push({ rule: e.rule, message: e.message, file: e.file, line: e.line });

  const modes = [{ mode: 'run', args: [] }];
  if (entry.scos > 1)
    modes.push({
      mode: 'run --nav',
      args: ['--nav', Array.from({ length: entry.scos - 1 }, () => 'continue').join(',')],
    });
  for (const { mode, args } of modes) {
    const ran = await runCli(options.cli, ['run', path, '--json', '--quiet', ...args], options.timeoutMs);
    const json = parseJson(ran.stdout);
    const failure = failureOf(ran, json, mode, options.timeoutMs);
    if (failure) entry.failures.push(failure);
    entry.runs.push({
      mode,
      status: ran.status,
      initialized: json?.initialized ?? null,
      errors: (json?.anomalies ?? [])
        .filter((a) => a.severity === 'error')
        .map((a) => ({
          type: a.type,
          sco_id: a.sco_id ?? null,
          element: a.element ?? null,
          message: a.message,
        })),
    });
  }
  entry.possible_false_errors =
    entry.validate.errors.length +
    entry.runs.reduce((n, r) => n + r.errors.length, 0) +
    entry.failures.length;
  return entry;
}

function printTable(results) {
  const rows = results.map((r) => [
    r.package,
    r.tool,
    String(r.validate.errors.length),
    r.runs.map((run) => `${run.errors.length}${run.mode === 'run' ? '' : ' (nav)'}`).join(' + '),
    r.failures.length > 0 ? 'yes' : '',
  ]);
  const header = ['package', 'tool', 'validate errors', 'run error anomalies', 'failed'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  for (const r of results) {
    if (r.possible_false_errors === 0) continue;
    console.log(`\n${r.package} (${r.tool}, ${r.scos} SCO${r.scos === 1 ? '' : 's'}):`);
    const details = [
      ...r.failures.map((f) => `failed: ${f}`),
      ...r.validate.errors.map((e) => `validate ${e.rule} (${e.file}:${e.line}): ${e.message}`),
      ...r.runs.flatMap((run) =>
        run.errors.map(
          (e) =>
            `${run.mode} ${e.type}${e.sco_id ? ` [${e.sco_id}]` : ''}${e.element ? ` ${e.element}` : ''}: ${e.message}`,
        ),
      ),
    ];
    // An error reported more than once (a SCO run twice, one anomaly per Commit) is shown once, counted.
    const counted = new Map();
    for (const d of details) counted.set(d, (counted.get(d) ?? 0) + 1);
    for (const [d, n] of counted) console.log(`  ${n > 1 ? `(x${n}) ` : ''}${d}`);
  }
  const total = results.reduce((n, r) => n + r.possible_false_errors, 0);
  console.log(`\n${results.length} packages, ${total} possible false errors`);
}

const options = parseArgs(process.argv.slice(2));
if (!existsSync(options.folder)) usage(`No such folder or file: ${options.folder}`);
const packages = findPackages(options.folder);
if (packages.length === 0) usage(`No package (folder with imsmanifest.xml, or .zip) under ${options.folder}`);
const results = [];
for (const path of packages) {
  if (!options.json) process.stderr.write(`checking ${relative(options.folder, path) || path}\n`);
  results.push(await checkPackage(path, options.folder, options));
}
const total = results.reduce((n, r) => n + r.possible_false_errors, 0);
if (options.json)
  console.log(JSON.stringify({ packages: results, total_possible_false_errors: total }, null, 2));
else printTable(results);
process.exit(total > 0 ? 1 : 0);
