/**
 * deps.plugin_content: content that needs a browser plug-in (Flash, Java applets, Silverlight). A SCO
 * is launched in a web browser (RTE 3.1); none runs these plug-ins any more, so what a SCO's launch
 * chain embeds this way shows nothing. Pages reached only by a link, pages on no launch chain and
 * plug-in files that nothing embeds are warnings.
 */
import { quoted, separateCourseText } from '../../core/course-text.js';
import type { Finding, RuleInfo, Severity } from '../../core/findings.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import { fileType, type PackageScanner } from '../launch-chain/package-scanner.js';
import { resolveInPage } from '../launch-chain/urls.js';
import { PLUGIN_NAMES, pluginOfFile } from '../../core/plugins.js';
import { pluginUsesInHtml, pluginUsesInJs, type PluginUse } from './plugin-uses.js';

export const PLUGIN_CONTENT_RULE: RuleInfo = {
  id: 'deps.plugin_content',
  severity: 'error',
  category: 'dependencies',
  level: 'basic',
  title:
    'No content needs a browser plug-in (Flash, Java applet, Silverlight): error on a SCO’s launch chain, warning elsewhere',
  adl: ['RTE 3.1'],
};

const UNSUPPORTED =
  'no current browser runs (NPAPI and ActiveX plug-ins are gone; Flash reached its end of life on 2020-12-31)';
const NO_BROWSER = `${UNSUPPORTED}, so the learner sees an empty box or an error page there`;

/** Words without which a file embeds no plug-in content (most files): they spare the parse. */
const HINT = /\.swf|shockwave|swfobject|<applet|x-java|java:|8AD9C840|silverlight|\.xap|\.jar\b|\.class\b/i;

const FIX =
  'Republish the content as HTML5 from its authoring tool (or replace it with HTML5 video, canvas or JavaScript) and remove the plug-in file and its embedding.';

interface Place {
  atStart: boolean;
  /** How a page reached only by links is reached. */
  via?: string;
  /** A SCO whose launch chain holds the file. */
  resource: string;
}

function placesOnChains(chains: readonly LaunchChain[]): Map<string, Place> {
  const places = new Map<string, Place>();
  for (const chain of chains) {
    for (const file of chain.files) {
      const before = places.get(file.file);
      if (before?.atStart || (before && !file.atStart)) continue;
      places.set(file.file, {
        atStart: file.atStart,
        ...(file.via ? { via: file.via } : {}),
        resource: chain.launch.resource,
      });
    }
  }
  return places;
}

function placeText(place: Place | undefined): string {
  if (!place) return ' This page is on no SCO’s launch chain, so only a learner who is sent there meets it.';
  if (place.atStart)
    return ` This page is on the launch chain of SCO ${quoted(place.resource)}: it loads when the SCO starts.`;
  return ` This page is reached from SCO ${quoted(place.resource)} only through a link (${quoted(place.via ?? '')}).`;
}

function useFinding(file: string, use: PluginUse, place: Place | undefined): Finding {
  const severity: Severity = place?.atStart ? 'error' : 'warning';
  const what = use.url ? ` ${quoted(use.url)}` : '';
  return separateCourseText({
    rule: PLUGIN_CONTENT_RULE.id,
    severity,
    category: 'dependencies',
    file,
    line: use.line,
    column: use.column,
    message: `Embeds content${what} for ${PLUGIN_NAMES[use.plugin]} (${use.how}), which ${NO_BROWSER}.${placeText(place)}`,
    fix: FIX,
    adl: [...(PLUGIN_CONTENT_RULE.adl ?? [])],
    details: {
      plugin: use.plugin,
      how: use.how,
      on_launch_chain: place !== undefined,
      ...(place ? { loads_at_start: place.atStart, sco_resource: place.resource } : {}),
      ...(use.url
        ? { url: use.url, from_package: ['url', 'sco_resource'] }
        : { from_package: ['sco_resource'] }),
    },
  });
}

function fileFinding(file: string, severity: Severity, message: string): Finding {
  const plugin = pluginOfFile(file) ?? 'flash';
  return separateCourseText({
    rule: PLUGIN_CONTENT_RULE.id,
    severity,
    category: 'dependencies',
    file,
    line: 0,
    column: 0,
    message,
    fix: FIX,
    adl: [...(PLUGIN_CONTENT_RULE.adl ?? [])],
    details: { plugin, on_launch_chain: severity === 'error' },
  });
}

/** Plug-in content of the package: what its pages and scripts embed, SCOs launched as plug-in files, unused plug-in files. */
export function pluginContentFindings(
  scanner: PackageScanner,
  files: readonly string[],
  chains: readonly LaunchChain[],
): Finding[] {
  const places = placesOnChains(chains);
  const findings: Finding[] = [];
  const embedded = new Set<string>();
  for (const chain of chains) {
    const plugin = pluginOfFile(chain.launch.file);
    if (!plugin) continue;
    embedded.add(chain.launch.file);
    findings.push(
      fileFinding(
        chain.launch.file,
        'error',
        `SCO ${quoted(chain.launch.resource)} is launched as this file, which needs ${PLUGIN_NAMES[plugin]}, which ${UNSUPPORTED}: the learner sees an error page instead of the SCO.`,
      ),
    );
  }
  for (const file of files) {
    const type = fileType(file);
    if (type !== 'html' && type !== 'js') continue;
    // Most files embed nothing: a cheap look for the words before a parse.
    const text = scanner.text(file);
    if (text === null || !HINT.test(text)) continue;
    const uses = type === 'html' ? pluginUsesInHtml(text) : pluginUsesInJs(text);
    for (const use of uses) {
      findings.push(useFinding(file, use, places.get(file)));
      const target = use.url ? resolveInPage(file, use.url, undefined) : null;
      if (target?.kind === 'local') embedded.add(target.file);
    }
  }
  for (const file of files) {
    const plugin = pluginOfFile(file);
    if (!plugin || embedded.has(file)) continue;
    findings.push(
      fileFinding(
        file,
        'warning',
        `The package carries a file for ${PLUGIN_NAMES[plugin]}, which ${UNSUPPORTED}. No page of the package embeds it in its markup or through SWFObject (a media player’s fallback, or left over from an older publish?).`,
      ),
    );
  }
  return findings;
}
