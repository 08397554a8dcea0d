/**
 * iSpring (HTML5): its JavaScript API hands the player object to window.ispringPresentationConnector.register;
 * player.presentation().slides() lists the slides (count(), getSlide(i).title()) and
 * player.view().playbackController() navigates (currentSlideIndex(), gotoSlide(i), 0-based). We look for the
 * player where a course keeps it: the connector's `player`, or window.ispringPlayer / iSpringPlayer. The
 * published player keeps that object private: then its outline and playbar are read (ispring-outline.ts), and
 * where iSpring 9 shows its outline only in a popup, the slides its page declares (ispring-deck.ts).
 */
import type { PlayerHints, PlayerReading, SlideEntry } from '../../types.js';
import { jumpWith, type PlayerAdapter } from '../adapter.js';
import { num, Reader, str } from '../safe.js';
import { deckPosition, deckSlides } from './ispring-deck.js';
import { clickOutlineEntry, openOutline, outlinePosition, outlineSlides } from './ispring-outline.js';
import { untitledNote, withDeckTitles } from './ispring-titles.js';

const PLAYER_HOLDERS = ['ispringPlayer', 'iSpringPlayer'];

function findPlayer(win: Window, reader: Reader): unknown {
  const connector = reader.get(win, 'ispringPresentationConnector', 'window.ispringPresentationConnector');
  const fromConnector = reader.get(connector, 'player', 'ispringPresentationConnector.player');
  if (fromConnector) return fromConnector;
  for (const name of PLAYER_HOLDERS) {
    const player = reader.get(win, name, `window.${name}`);
    if (player) return player;
  }
  return undefined;
}

function controller(player: unknown, reader: Reader): unknown {
  const view = reader.callSync(player, 'view', [], 'player.view');
  return reader.callSync(view, 'playbackController', [], 'view.playbackController');
}

function slideList(player: unknown, reader: Reader): unknown {
  const presentation = reader.callSync(player, 'presentation', [], 'player.presentation');
  return reader.callSync(presentation, 'slides', [], 'presentation.slides');
}

export const ispring: PlayerAdapter = {
  name: 'ispring',
  signature: {
    globals: [
      ['ispringPresentationConnector', 0.85],
      ['ispringPlayer', 0.7],
      ['iSpringPlayer', 0.7],
      ['iSpring', 0.7],
    ],
    selectors: [['[id^="ispring" i], [class*="ispring" i]', 0.5, 'ispring element']],
  },

  async read(win, doc, reader, hints) {
    const player = findPlayer(win, reader);
    if (!player) return fromOutline(doc, reader, hints);
    const index = num(reader.callSync(controller(player, reader), 'currentSlideIndex'));
    const slides = slideList(player, reader);
    const total = num(reader.callSync(slides, 'count', [], 'slides.count'));
    const slide =
      index !== null ? reader.callSync(slides, 'getSlide', [index], 'slides.getSlide') : undefined;
    return {
      slide_number: index !== null ? index + 1 : null,
      total_slides: total,
      slide_title: str(reader.callSync(slide, 'title', [], 'slide.title')),
    };
  },

  async slides(win, doc, reader, hints) {
    const player = findPlayer(win, reader);
    if (!player) {
      const deck = hints?.ispringDeck;
      const shown = outlineSlides(doc);
      const listed = shown ? withDeckTitles(shown, deck) : deck ? deckSlides(doc, deck) : null;
      const note = listed && deck ? untitledNote(listed, deck) : null;
      if (note) reader.notes.push(note);
      if (listed) return { supported: true, slides: listed };
      return {
        supported: false,
        reason:
          'no iSpring player object is reachable from the page, and it shows no outline or "N / M" position',
      };
    }
    const index = num(reader.callSync(controller(player, reader), 'currentSlideIndex'));
    const slides = slideList(player, reader);
    const total = num(reader.callSync(slides, 'count', [], 'slides.count'));
    if (total === null)
      return { supported: false, reason: 'presentation.slides().count() could not be read' };
    const out: SlideEntry[] = [];
    for (let i = 0; i < Math.min(total, 5000); i++) {
      const entry: SlideEntry = { index: i + 1, current: i === index };
      const title = str(reader.callSync(reader.callSync(slides, 'getSlide', [i]), 'title'));
      if (title) entry.title = title;
      out.push(entry);
    }
    return { supported: true, slides: out };
  },

  async goTo(win, doc, reader, target) {
    const player = findPlayer(win, reader);
    if (!player) {
      // iSpring 9 draws its outline only while its popup is open: open it as a learner does.
      if (!outlineSlides(doc)) await openOutline(doc);
      return await clickOutlineEntry(doc, target.index);
    }
    const pc = player ? controller(player, reader) : undefined;
    if (typeof reader.get(pc, 'gotoSlide') !== 'function')
      return { ok: false, reason: 'the iSpring playback controller has no gotoSlide()' };
    const method = 'playbackController.gotoSlide(index - 1)';
    return jumpWith(reader, method, () => reader.callSync(pc, 'gotoSlide', [target.index - 1], method));
  },
};

function fromOutline(doc: Document, reader: Reader, hints?: PlayerHints): Partial<PlayerReading> {
  const deck = hints?.ispringDeck;
  const shown = outlineSlides(doc);
  const slides = shown ? withDeckTitles(shown, deck) : deck ? deckSlides(doc, deck) : null;
  const position = outlinePosition(doc) ?? (deck ? deckCurrent(doc, deck) : null);
  const at = slides?.findIndex((s) => s.current) ?? -1;
  const current = at >= 0 ? at + 1 : (position?.current ?? null);
  if (!slides && !position)
    reader.notes.push(
      'no iSpring player object is reachable from the page, and it shows no outline or position',
    );
  return {
    slide_number: current,
    total_slides: slides?.length ?? position?.total ?? null,
    slide_title: current !== null ? (slides?.[current - 1]?.title ?? null) : null,
  };
}

function deckCurrent(doc: Document, deck: NonNullable<PlayerHints['ispringDeck']>) {
  const current = deckPosition(doc, deck);
  return current === null ? null : { current, total: deck.slides.length };
}
