/**
 * Turns yauzl, zlib and fs errors met while reading an archive into ScormTesterErrors with
 * precise codes. yauzl reports everything as plain Errors, so its messages are matched.
 */
import { quoted } from '../core/course-text.js';
import { courseTextError } from '../core/course-text-error.js';
import { isScormTesterError, type ErrorCode, type ScormTesterError } from '../core/errors.js';

const RECREATE =
  'Re-create the zip with a standard tool (e.g. "Compress" / "Send to > Compressed folder" or `zip -r`).';

interface Rule {
  pattern: RegExp;
  code: ErrorCode;
  explain: string;
}

const RULES: Rule[] = [
  {
    pattern: /strong encryption/i,
    code: 'ZIP_ENCRYPTED',
    explain: 'uses strong encryption, which is not supported. Re-create it without a password.',
  },
  {
    pattern: /multi-disk/i,
    code: 'ZIP_UNSUPPORTED',
    explain: 'is one part of a split (multi-disk) archive. Join the parts into one zip and try again.',
  },
  {
    pattern: /zip file too large/i,
    code: 'ZIP_UNSUPPORTED',
    explain: 'is larger than this tool can address.',
  },
  {
    pattern: /Invalid comment length/i,
    code: 'ZIP_INVALID',
    explain: `has bytes after its end record or a malformed comment. ${RECREATE}`,
  },
  {
    pattern:
      /unexpected EOF|not enough bytes|too many bytes|central directory|zip64|extra field|local file header|overflows file bounds/i,
    code: 'ZIP_TRUNCATED',
    explain: `is cut off or its directory is damaged (was the download or copy complete?). Copy it again or ${RECREATE.charAt(0).toLowerCase()}${RECREATE.slice(1)}`,
  },
];

/**
 * `startsLikeZip`: the file begins with a zip signature, so a missing end record means it was cut
 * off rather than never being a zip. `entry`: the entry being read, if any.
 */
export function zipReadError(
  err: unknown,
  zipPath: string,
  startsLikeZip: boolean,
  entry?: string,
): ScormTesterError {
  if (isScormTesterError(err)) return err;
  const error = err instanceof Error ? err : new Error(String(err));
  const errno = (error as NodeJS.ErrnoException).code;
  const details: Record<string, unknown> = { path: zipPath, cause: error.message };
  if (entry !== undefined) details.entry = entry;
  const where = entry !== undefined ? `Entry ${quoted(entry)} in ${zipPath}` : `Zip ${zipPath}`;

  if (
    errno === 'ENOENT' ||
    errno === 'EACCES' ||
    errno === 'EISDIR' ||
    errno === 'EPERM' ||
    errno === 'ENOTREG'
  ) {
    return courseTextError('PATH_RESOLUTION_ERROR', `Cannot read ${zipPath}: ${error.message}`, details);
  }
  if (/end of central directory record signature not found/i.test(error.message)) {
    return startsLikeZip
      ? courseTextError(
          'ZIP_TRUNCATED',
          `${where} has no end record: the file is cut off. Copy or download it again.`,
          details,
        )
      : courseTextError('ZIP_INVALID', `${zipPath} is not a zip archive. ${RECREATE}`, details);
  }
  // zlib: input ended inside the deflate stream vs. garbage in it.
  if (errno === 'Z_BUF_ERROR' || /unexpected end of file/i.test(error.message)) {
    return courseTextError(
      'ZIP_TRUNCATED',
      `${where}: compressed data ends early; the archive is cut off. Copy or download it again.`,
      details,
    );
  }
  if (errno !== undefined && errno.startsWith('Z_')) {
    return courseTextError(
      'ZIP_INVALID',
      `${where}: compressed data is corrupt (the decompressor's message is ${quoted(error.message)}). ${RECREATE}`,
      details,
    );
  }
  for (const rule of RULES) {
    if (rule.pattern.test(error.message))
      return courseTextError(rule.code, `${where} ${rule.explain}`, details);
  }
  return courseTextError(
    'ZIP_INVALID',
    `${where} could not be read (the reader's message is ${quoted(error.message)}). ${RECREATE}`,
    details,
  );
}
