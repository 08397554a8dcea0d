/**
 * The URIs of our MCP resources. They are names, never paths: resources/read looks a URI up among the
 * resources the catalog lists, and nothing a client sends is joined onto a file-system path.
 */
export const SCHEME = 'scorm-tester:';

export const LOG_URIS = {
  server: 'scorm-tester://logs/server',
  serverErrors: 'scorm-tester://logs/server-errors',
  browser: 'scorm-tester://logs/browser',
} as const;

/** A relative posix path as URI path segments, each percent-encoded. */
function encodePath(relativePath: string): string {
  return relativePath.split('/').map(encodeURIComponent).join('/');
}

export function sessionManifestUri(sessionId: string): string {
  return `scorm-tester://session/${encodeURIComponent(sessionId)}/artifacts.json`;
}

export function artifactUri(sessionId: string, artifactPath: string): string {
  return `scorm-tester://session/${encodeURIComponent(sessionId)}/artifact/${encodePath(artifactPath)}`;
}

export function reportUri(relativePath: string): string {
  return `scorm-tester://report/${encodePath(relativePath)}`;
}

export function answerUri(n: number): string {
  return `scorm-tester://answer/${n}`;
}

export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: 'scorm-tester://session/{session_id}/artifacts.json',
    name: 'session-artifacts-manifest',
    title: "A session's artifacts.json",
    description: 'Every file a session produced (type, path, time, metadata), as listed in its workspace.',
    mimeType: 'application/json',
  },
  {
    uriTemplate: 'scorm-tester://session/{session_id}/artifact/{+path}',
    name: 'session-artifact',
    title: 'A session artifact',
    description:
      'A screenshot (image/png) or report a session wrote; path as in artifacts.json. Only listed artifacts can be read.',
  },
  {
    uriTemplate: 'scorm-tester://report/{+path}',
    name: 'report',
    title: 'A report written outside a session',
    description: 'An HTML report under SCORM_TESTER_OUTPUT_DIR that this server wrote.',
    mimeType: 'text/html',
  },
  {
    uriTemplate: 'scorm-tester://answer/{n}',
    name: 'whole-answer',
    title: 'The whole of a cut tool answer',
    description: "A tool answer over the answer budget, before it was cut (the cut answer's note links it).",
    mimeType: 'application/json',
  },
] as const;
