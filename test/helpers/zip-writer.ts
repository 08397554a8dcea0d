/**
 * A tiny ZIP writer for tests: local headers, central directory, end record; Store and Deflate.
 * Every field can be forced, so it also builds the hostile archives the extractor must refuse.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntrySpec {
  /** Written verbatim: `../x`, `/abs`, `C:\\x` are all fine. Strings are stored as UTF-8. */
  name: string;
  data?: Buffer | string;
  /** Default: deflate when there is data, store otherwise. A number writes that method id. */
  method?: 'store' | 'deflate' | number;
  /** Bytes to write as the entry's data instead of compressing `data` (e.g. a pre-built bomb). */
  payload?: Buffer;
  /** Unix st_mode placed in the high 16 bits of the external attributes (0o120777 = symlink). */
  unixMode?: number;
  /** Raw external attributes; wins over unixMode. */
  externalAttributes?: number;
  /** Sets general-purpose bit 0 (the data itself is not encrypted). */
  encrypted?: boolean;
  /** Extra general-purpose bits OR-ed in (bit 11, UTF-8, is always set). */
  flags?: number;
  /** Lies: override what the headers declare. */
  crc32?: number;
  compressedSize?: number;
  uncompressedSize?: number;
}

export interface ZipOptions {
  /** Entry count written in the end record (lie). */
  entryCount?: number;
}

const UTF8_FLAG = 0x800;
const UNIX_HOST = 3 << 8;
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;

function methodId(spec: ZipEntrySpec, data: Buffer): number {
  if (typeof spec.method === 'number') return spec.method;
  if (spec.method === 'store') return 0;
  if (spec.method === 'deflate') return 8;
  return data.length > 0 ? 8 : 0;
}

export function buildZip(entries: ZipEntrySpec[], options: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const spec of entries) {
    const name = Buffer.from(spec.name, 'utf8');
    const data =
      typeof spec.data === 'string' ? Buffer.from(spec.data, 'utf8') : (spec.data ?? Buffer.alloc(0));
    const method = methodId(spec, data);
    const payload = spec.payload ?? (method === 8 ? deflateRawSync(data) : data);
    const flags = UTF8_FLAG | (spec.encrypted ? 1 : 0) | (spec.flags ?? 0);
    const crc = spec.crc32 ?? crc32(data);
    const csize = spec.compressedSize ?? payload.length;
    const usize = spec.uncompressedSize ?? data.length;
    const isDir = spec.name.endsWith('/');
    const external =
      spec.externalAttributes ??
      (spec.unixMode !== undefined ? (spec.unixMode << 16) >>> 0 : 0) | (isDir ? 0x10 : 0);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(csize, 18);
    local.writeUInt32LE(usize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((spec.unixMode !== undefined ? UNIX_HOST : 0) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(csize, 20);
    central.writeUInt32LE(usize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(external >>> 0, 38);
    central.writeUInt32LE(offset, 42);

    locals.push(local, name, payload);
    centrals.push(central, name);
    offset += local.length + name.length + payload.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = options.entryCount ?? entries.length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
