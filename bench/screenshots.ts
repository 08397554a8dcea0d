/**
 * `npm run bench -- --only screenshots` (issues 22, 23): the bytes of the images the screenshot tools
 * return, on our demo course and each course folder under `--exports <dir>` (`--courses a,b` to pick), for
 * a viewport capture and a full page, after the launched page has had time to draw. `--server <entry>`
 * measures another build; `--before <entry>` also measures a frozen earlier build, side by side.
 */
import { PACKAGE_ROOT } from '../src/core/version.js';
import { connect, ownServerEntry } from './journey-run.js';
import { argValue } from './export-folders.js';
import { courses } from './journey.js';
import type { BenchRow } from './stats.js';

/** What a capture returned: image blocks, their decoded bytes and formats, and the size it states. */
interface Capture {
  images: number;
  bytes: number;
  format: string;
  size: string;
}

interface Measured {
  course: string;
  viewport: Capture | null;
  fullPage: Capture | null;
  error?: string;
}

/** Long enough for the exports we measured to draw their first page (Storyline, Rise load for seconds). */
const DRAW_MS = 4_000;
const CALL_TIMEOUT_MS = 180_000;

type Client = Awaited<ReturnType<typeof connect>>;

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.structuredContent).slice(0, 200)}`);
  return result;
}

function captured(result: Awaited<ReturnType<typeof call>>): Capture {
  const images = (result.content as Array<{ type: string; data?: string; mimeType?: string }>).filter(
    (c) => c.type === 'image',
  );
  const data = result.structuredContent as {
    width: number;
    height: number;
    truncated?: boolean;
    tiles?: unknown[];
  };
  const tiles = data.tiles ? `, ${data.tiles.length} tiles` : '';
  return {
    images: images.length,
    bytes: images.reduce((n, c) => n + Buffer.from(c.data ?? '', 'base64').length, 0),
    format: images[0]?.mimeType?.replace('image/', '') ?? '',
    size: `${data.width}×${data.height}${tiles}${data.truncated ? ', truncated' : ''}`,
  };
}

async function measureAll(serverEntry: string, label: string): Promise<Measured[]> {
  const client = await connect(serverEntry);
  const out: Measured[] = [];
  try {
    for (const c of courses()) {
      process.stderr.write(`screenshots (${label}): ${c.name}\n`);
      try {
        const opened = await call(client, 'scorm_session_open', { package_path: c.path });
        const session_id = (opened.structuredContent as { session_id: string }).session_id;
        await call(client, 'scorm_runtime_open', { session_id });
        const viewport = captured(
          await call(client, 'scorm_capture_screenshot', {
            session_id,
            capture_options: { delay_ms: DRAW_MS },
          }),
        );
        const fullPage = captured(
          await call(client, 'scorm_capture_screenshot', {
            session_id,
            capture_options: { full_page: true },
          }),
        );
        out.push({ course: c.name, viewport, fullPage });
        await call(client, 'scorm_session_close', { session_id }).catch(() => undefined);
      } catch (error) {
        out.push({ course: c.name, viewport: null, fullPage: null, error: (error as Error).message });
      }
    }
  } finally {
    await client.close();
  }
  return out;
}

const cell = (c: Capture | null | undefined): string =>
  c ? `${c.images}× ${c.format} ${Math.round(c.bytes / 1024)} kB (${c.size})` : '';

export async function benchScreenshots(): Promise<BenchRow[]> {
  const serverEntry = argValue('--server') ?? ownServerEntry(PACKAGE_ROOT);
  const beforeEntry = argValue('--before');
  const before = beforeEntry ? await measureAll(beforeEntry, 'before') : null;
  const after = await measureAll(serverEntry, 'after');
  console.log('\n### Image bytes the screenshot tools return (decoded)');
  console.log('| course | viewport before | viewport after | full page before | full page after |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const a of after) {
    const b = before?.find((m) => m.course === a.course);
    const failed = a.error ? ` (failed: ${a.error})` : '';
    console.log(
      `| ${a.course}${failed} | ${cell(b?.viewport)} | ${cell(a.viewport)} | ${cell(b?.fullPage)} | ${cell(a.fullPage)} |`,
    );
  }
  return after.flatMap((a) => {
    if (!a.viewport) return [];
    const b = before?.find((m) => m.course === a.course)?.viewport;
    return [
      {
        name: `viewport screenshot: ${a.course}`,
        median_ms: Math.round(a.viewport.bytes / 102.4) / 10,
        unit: 'kB',
        runs: 1,
        ...(b ? { ratio: a.viewport.bytes / b.bytes, note: `before ${Math.round(b.bytes / 1024)} kB` } : {}),
      },
    ];
  });
}
