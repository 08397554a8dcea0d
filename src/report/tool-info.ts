import { HOMEPAGE, VERSION } from '../core/version.js';

export const TOOL_NAME = 'scorm-tester';
const DEFAULT_INFORMATION_URI = 'https://www.npmjs.com/package/scorm-tester';

export interface ToolInfo {
  name: string;
  version: string;
  informationUri: string;
}

/** Name, version and home page, for report headers (SARIF tool.driver, HTML footer). */
export function toolInfo(): ToolInfo {
  return { name: TOOL_NAME, version: VERSION, informationUri: HOMEPAGE ?? DEFAULT_INFORMATION_URI };
}
