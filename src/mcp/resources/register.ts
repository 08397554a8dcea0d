/** resources/list, resources/templates/list and resources/read on the MCP server, and list-changed notifications. */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ResourceCatalog } from './catalog.js';
import { RESOURCE_TEMPLATES } from './uris.js';

/** The resources capability to declare. */
export const RESOURCES_CAPABILITY = { listChanged: true };

export function serveResources(
  server: Server,
  catalog: ResourceCatalog,
  /** Turns a thrown error into the JSON-RPC error the SDK sends (code, message, data.error_code). */
  toRpcError: (error: unknown) => Error,
): void {
  const answer =
    <T>(run: () => Promise<T>) =>
    async (): Promise<T> => {
      try {
        return await run();
      } catch (error) {
        throw toRpcError(error);
      }
    };
  server.setRequestHandler(ListResourcesRequestSchema, (request) =>
    answer(() => catalog.list(request.params?.cursor))(),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: RESOURCE_TEMPLATES.map((t) => ({ ...t })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    answer(async () => ({ contents: [await catalog.read(request.params.uri)] }))(),
  );
  // Only once the client said it is initialized; a change before that is in its first resources/list.
  let initialized = false;
  const previous = server.oninitialized;
  server.oninitialized = () => {
    initialized = true;
    previous?.();
  };
  catalog.onListChanged(() => {
    if (initialized) void server.sendResourceListChanged().catch(() => undefined);
  });
}
