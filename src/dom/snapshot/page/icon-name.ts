/**
 * The name a learner gives a button that shows only an icon and carries no name (runs in the page, bundled
 * with scan.ts): what its icon's class says it is. ispring-2's outline toggle is an empty
 * `button.universal-control-panel__button_std-outline`; a sighted learner sees the outline icon.
 */

// Class words of icons, and the name a learner reads in them. Looked for as whole words of a class token.
const ICONS: Array<[RegExp, string]> = [
  [/outline|toc/, 'Outline'],
  [/menu|hamburger/, 'Menu'],
  [/settings|gear|cog/, 'Settings'],
  [/fullscreen|full-screen/, 'Full screen'],
  [/search|magnifier/, 'Search'],
  [/volume|mute|sound/, 'Volume'],
  [/close|times/, 'Close'],
];

/** The icon's name, from the classes of the button and of its first children; '' when they say nothing. */
export function iconName(el: Element): string {
  let classes = typeof el.className === 'string' ? el.className : '';
  for (let c = el.firstElementChild, n = 0; c && n < 3; c = c.nextElementSibling, n++) {
    classes += ` ${c.getAttribute('class') ?? ''}`;
  }
  const tokens = classes.toLowerCase();
  for (const [word, name] of ICONS) {
    if (new RegExp(`(^|[\\s_-])(${word.source})([\\s_-]|$)`).test(tokens)) return name;
  }
  return '';
}
