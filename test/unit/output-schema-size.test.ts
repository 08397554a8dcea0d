import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listBytes, measureToolList } from '../../bench/tool-list-size.js';

// A byte budget for the output schemas in tools/list (issue 22), just above what the listing reaches.
// Before shared sub-schemas they were 239,258 bytes of a 302,357-byte listing; 195,999 of 259,110 before
// they were listed without descriptions and in compact forms (141,510 of 204,621), then with open objects
// (132,462 of 195,573); 127,248 of 190,353 once each tool's not_applicable lists only its own codes and an
// action's screenshot only what an action needs; 81,585 of 144,690 once listed two levels deep, `required`
// at the root only (shallow-output-schema.ts); 83,055 of 146,179 once an anyOf's branches keep the required
// fields that tell them apart and an array of plain values its item type; 83,652 once network requests say
// their URL base and start once and events count their types (issue 22), and the page tools name their window;
// 83,679 once scorm_take_screenshot names it too (+27); 83,799 once the pointer tools say `changed: false` as
// scorm_dom_click does and a pop-up without a dialog role names its close control (+104, issue 23 P5, P11).
const MAX_OUTPUT_SCHEMA_BYTES = 83_800;
// The whole listing (names, descriptions, input and output schemas): 146,179 bytes; 146,547 once the page
// tools name the window the course opened (`window`, issue 23); 146,747 with the network and event fields above;
// 146,774 with scorm_take_screenshot's `window` (+27); 146,873 with `changed` and a dialog's `close` (+104).
const MAX_TOOL_LIST_BYTES = 146_900;

test('tools/list and its output schemas stay within their byte budgets', async () => {
  const bytes = listBytes(await measureToolList());
  assert.ok(bytes.output_schema_bytes < bytes.total_bytes);
  assert.ok(
    bytes.output_schema_bytes <= MAX_OUTPUT_SCHEMA_BYTES,
    `output schemas ${bytes.output_schema_bytes} bytes > ${MAX_OUTPUT_SCHEMA_BYTES}`,
  );
  assert.ok(
    bytes.total_bytes <= MAX_TOOL_LIST_BYTES,
    `tools/list ${bytes.total_bytes} bytes > ${MAX_TOOL_LIST_BYTES}`,
  );
});
