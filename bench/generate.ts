import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../test/helpers/temp.js';

/** A SCORM 2004 package with `n` items, each launching its own resource and file. */
export function generateLargePackage(n: number): string {
  const dir = tempDir(`scorm-tester-bench-${n}-`);
  mkdirSync(join(dir, 'content'));
  const items: string[] = [];
  const resources: string[] = [];
  for (let i = 0; i < n; i++) {
    items.push(
      `      <item identifier="item_${i}" identifierref="res_${i}"><title>Lesson ${i}</title></item>`,
    );
    resources.push(
      `    <resource identifier="res_${i}" type="webcontent" adlcp:scormType="asset" href="content/p${i}.html"><file href="content/p${i}.html"/></resource>`,
    );
    writeFileSync(join(dir, 'content', `p${i}.html`), `<p>${i}</p>`);
  }
  writeFileSync(
    join(dir, 'imsmanifest.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="bench_${n}" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Bench</title>
${items.join('\n')}
  </organization></organizations>
  <resources>
${resources.join('\n')}
  </resources>
</manifest>
`,
  );
  return dir;
}
