/**
 * After boot the player realm runs no code a course brings (issue 20). The SCO is same-origin with the
 * player, so code it leaves here (made with parent.Function, or a frame it adds to this page) outlives
 * it and can call the API of the SCOs delivered after it; in strict mode such code has no `caller` to
 * tell it from the SCO's own (caller.ts). So the player refuses the ways in:
 * - a Content-Security-Policy of `script-src 'none'`, added once the player's own script has run: no
 *   eval, Function, string timers, script elements, handler attributes or javascript: URLs in this
 *   realm (a policy cannot be lifted once applied, even by removing its element; the SCO's documents
 *   have their own, so their eval is untouched);
 * - elements that bring a realm or code (frames, objects, embeds, scripts) added to this page by
 *   anyone but the player are removed before they load.
 * Each attempt is reported, for the run to name the course that tried.
 */
import { uncurry } from '../../../core/intrinsics.js';
import { accessor, addListener, toText } from './realm.js';

const REALM_ELEMENTS = ['IFRAME', 'FRAME', 'FRAMESET', 'OBJECT', 'EMBED', 'SCRIPT', 'PORTAL'];

const removeNode = uncurry(Element.prototype.remove) as (node: Node) => void;
const getter = <T>(proto: object, key: string): ((self: object) => T) =>
  accessor(proto, key, 'get') as (self: object) => T;
const nodeNameOf = getter<string>(Node.prototype, 'nodeName');
const addedNodesOf = getter<NodeList>(MutationRecord.prototype, 'addedNodes');
const lengthOf = getter<number>(NodeList.prototype, 'length');
const MutationObserverCtor = MutationObserver;
const observe = uncurry(MutationObserver.prototype.observe) as (
  o: MutationObserver,
  target: Node,
  options: MutationObserverInit,
) => void;

function bringsRealm(name: string): boolean {
  for (let i = 0; i < REALM_ELEMENTS.length; i++) if (REALM_ELEMENTS[i] === name) return true;
  return false;
}

/** Locks the player realm against course code; `scoFrame` is the one frame the player itself shows. */
export function lockPlayerCode(scoFrame: Node, report: (detail: string) => void): void {
  addListener(document, 'securitypolicyviolation', (e) => {
    const what =
      toText((e as SecurityPolicyViolationEvent).blockedURI) === 'eval'
        ? 'code from a string (eval, Function or a timer given text)'
        : 'a script element, event handler attribute or javascript: URL';
    report(`the course tried to run ${what} in the LMS page's window`);
  });
  const observer = new MutationObserverCtor((records) => {
    for (let r = 0; r < records.length; r++) {
      const added = addedNodesOf(records[r]!);
      for (let n = 0; n < lengthOf(added); n++) {
        const node = added[n]!;
        const name = nodeNameOf(node);
        if (node === scoFrame || !bringsRealm(name)) continue;
        removeNode(node);
        report(`the course added a ${toText(name).toLowerCase()} element to the LMS page; it was removed`);
      }
    }
  });
  observe(observer, document, { childList: true, subtree: true });
  const policy = document.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = "script-src 'none'";
  document.head.appendChild(policy);
}
