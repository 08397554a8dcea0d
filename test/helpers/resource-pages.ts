import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

/** src/mcp/resources/page.ts: PAGE_META. */
const PAGE_META = 'scorm-tester/page';

export interface ReadPage {
  uri: string;
  text?: string;
  blob?: string;
  /** Bytes of the JSON of the whole resources/read result. */
  answerBytes: number;
}

/** Every page of a resource, following each page's next_uri from the URI as listed. */
export async function readAllPages(client: Client, uri: string): Promise<ReadPage[]> {
  const pages: ReadPage[] = [];
  let next: string | null = uri;
  while (next !== null) {
    const result = await client.readResource({ uri: next });
    const contents = result.contents[0] as {
      uri: string;
      text?: string;
      blob?: string;
      _meta?: Record<string, unknown>;
    };
    pages.push({ ...contents, answerBytes: Buffer.byteLength(JSON.stringify(result), 'utf8') });
    next = (contents._meta?.[PAGE_META] as { next_uri: string | null } | undefined)?.next_uri ?? null;
  }
  return pages;
}

/** A text resource whole, joined from its pages. */
export async function readWholeText(client: Client, uri: string): Promise<string> {
  return (await readAllPages(client, uri)).map((p) => p.text ?? '').join('');
}
