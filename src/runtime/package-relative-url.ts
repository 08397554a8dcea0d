import type { CourseRuntime } from './course-runtime.js';
import { CONTENT_PREFIX } from './content-url.js';

/** The SCO document's path inside the package (the runtime serves it under its own content URL). */
export function packageRelative(runtime: CourseRuntime, url: string): string {
  const prefix = runtime.baseUrl + CONTENT_PREFIX;
  if (!url.startsWith(prefix)) return url;
  try {
    return decodeURI(url.slice(prefix.length));
  } catch {
    return url.slice(prefix.length);
  }
}
