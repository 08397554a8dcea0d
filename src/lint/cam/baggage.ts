/**
 * Package-wide file checks: files the manifest never mentions, package size, awkward file names.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { resolveHref } from './href.js';
import { hrefUses } from './hrefs.js';
import { ADL } from './refs.js';
import { defineRule, wholeFile, type ManifestRuleContext } from './rule.js';
import { quote } from './walk.js';

/** Individual findings up to this many files; beyond it, one summary finding. */
const LIST_LIMIT = 20;

const MiB = 1024 * 1024;
export const PACKAGE_SIZE_WARN_BYTES = 100 * MiB;

/** Files the manifest accounts for: referenced files, the manifest itself, the schemas it names. */
function accountedFiles(ctx: ManifestRuleContext): Set<string> {
  const { parsed, files } = ctx;
  const seen = new Set<string>([parsed.manifest.file]);
  for (const use of hrefUses(parsed, files)) {
    if (use.lookup && use.lookup.status === 'found') seen.add(use.lookup.path);
    if (use.lookup && use.lookup.status === 'case') seen.add(use.lookup.actual);
  }
  for (const { location } of parsed.manifest.schemaLocations) {
    const { resolution } = resolveHref(parsed.manifest.file, [], location);
    if (resolution.kind === 'local') seen.add(resolution.path);
  }
  return seen;
}

/** Schema support files (imported by the schemas the manifest names) are expected and never listed. */
function isSchemaFile(path: string): boolean {
  return /\.(xsd|dtd)$/i.test(path);
}

export const excessBaggageRule = defineRule(
  {
    id: 'cp.excess_baggage',
    severity: 'warning',
    category: 'files',
    level: 'strict',
    title: 'Every file of the package is listed in the manifest',
    adl: [ADL.files],
  },
  (ctx, report) => {
    const accounted = accountedFiles(ctx);
    const extra = ctx.files.filter((f) => !accounted.has(f) && !isSchemaFile(f));
    const fix =
      'List each file in a <file href="…"> of the resource that uses it (shared files in an asset resource referenced by <dependency>), or delete files the course does not use.';
    if (extra.length <= LIST_LIMIT) {
      for (const f of extra) {
        report(
          wholeFile(f),
          `${quote(f)} is in the package but no <file>, resource href or adlcp:location mentions it ("excess baggage"); LMSs may drop it on import.`,
          fix,
        );
      }
      return;
    }
    report(
      wholeFile(ctx.parsed.manifest.file),
      `${extra.length} files are in the package but not mentioned by the manifest ("excess baggage"), e.g. ${extra
        .slice(0, 5)
        .map((f) => `${quote(f)}`)
        .join(', ')}; LMSs may drop them on import.`,
      fix,
    );
  },
);

export const packageSizeRule = defineRule(
  {
    id: 'bp.package_size',
    severity: 'warning',
    category: 'best_practice',
    level: 'strict',
    title: 'The package is not huge',
  },
  ({ packageRoot, files, parsed }, report) => {
    let total = 0;
    let largest = { file: '', size: 0 };
    for (const f of files) {
      let size = 0;
      try {
        size = statSync(join(packageRoot, f)).size;
      } catch {
        continue;
      }
      total += size;
      if (size > largest.size) largest = { file: f, size };
    }
    if (total <= PACKAGE_SIZE_WARN_BYTES) return;
    report(
      wholeFile(parsed.manifest.file),
      `The package holds ${(total / MiB).toFixed(0)} MiB in ${files.length} files (largest: ${quote(largest.file)}, ${(largest.size / MiB).toFixed(0)} MiB); many LMSs refuse uploads above 100–500 MiB and learners on slow links wait.`,
      'Compress video and images, stream long media from a media server, and drop files the course does not use.',
    );
  },
);

export const fileNameSpacesRule = defineRule(
  {
    id: 'bp.filename_spaces',
    severity: 'info',
    category: 'best_practice',
    level: 'pedantic',
    title: 'File and folder names have no spaces',
  },
  ({ files, parsed }, report) => {
    const spaced = files.filter((f) => f.includes(' '));
    const fix = 'Rename with "-" or "_" instead of spaces and update the hrefs.';
    if (spaced.length <= LIST_LIMIT) {
      for (const f of spaced)
        report(
          wholeFile(f),
          `${quote(f)} has a space in its path; hrefs must then be percent-encoded ("%20"), which authors and tools often get wrong.`,
          fix,
        );
      return;
    }
    report(
      wholeFile(parsed.manifest.file),
      `${spaced.length} files have spaces in their paths, e.g. ${quote(spaced[0] ?? '')}.`,
      fix,
    );
  },
);
