/**
 * Browser plug-ins no browser runs any more (Chromium dropped NPAPI in 2015 and Flash reached its end
 * of life on 2020-12-31), and how content that needs one names itself: MIME types, ActiveX class ids
 * and file extensions. Used by the static rule (lint/deps) and by the run-time anomaly alike.
 */
export type Plugin = 'flash' | 'java' | 'silverlight';

export const PLUGIN_NAMES: Record<Plugin, string> = {
  flash: 'Adobe Flash Player',
  java: 'the Java plug-in (applet)',
  silverlight: 'Microsoft Silverlight',
};

const TYPES: [RegExp, Plugin][] = [
  [/^application\/(?:x-shockwave-flash|futuresplash)\b/i, 'flash'],
  [/^application\/x-java-(?:applet|bean|vm)\b/i, 'java'],
  [/^application\/x-silverlight\b/i, 'silverlight'],
];

/** ActiveX class ids of the Flash and Java plug-ins, and the `java:` class ids of applets. */
const CLASS_IDS: [RegExp, Plugin][] = [
  [/^clsid:D27CDB6E-AE6D-11CF-96B8-444553540000$/i, 'flash'],
  [/^clsid:8AD9C840-044E-11D1-B3E9-00805F499D93$/i, 'java'],
  [/^java:/i, 'java'],
];

const FILE_EXTENSIONS: [RegExp, Plugin][] = [
  [/\.swf$/i, 'flash'],
  [/\.(?:jar|class)$/i, 'java'],
  [/\.xap$/i, 'silverlight'],
];

/** The plug-in a file (path or URL) needs, by its extension. */
export function pluginOfFile(path: string): Plugin | undefined {
  const bare = (path.split(/[?#]/)[0] ?? '').trim();
  return FILE_EXTENSIONS.find(([re]) => re.test(bare))?.[1];
}

/** The plug-in a MIME type (an `<object>`/`<embed>` type) names. */
export function pluginOfType(type: string | null | undefined): Plugin | undefined {
  return type ? TYPES.find(([re]) => re.test(type.trim()))?.[1] : undefined;
}

/** The plug-in an `<object classid>` names. */
export function pluginOfClassId(id: string | null | undefined): Plugin | undefined {
  return id ? CLASS_IDS.find(([re]) => re.test(id.trim()))?.[1] : undefined;
}

/** `<param name="movie" value="…swf">` and its kin name the plug-in file of an `<object>`. */
export const PLUGIN_FILE_PARAMS: readonly string[] = ['movie', 'src', 'source', 'code', 'archive'];
