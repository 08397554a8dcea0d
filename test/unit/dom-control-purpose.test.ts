/**
 * Purposes of player controls that look like navigation but are not (as found in Storyline, Adapt and
 * media players), and which grouped controls are a player's own and never an assessment's options.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inferPurpose, type PurposeInput } from '../../src/dom/snapshot/purpose.js';
import { isPlayerControl, type PlayerControlInput } from '../../src/dom/snapshot/player-control.js';

const button: PurposeInput = {
  role: 'button',
  tag: 'button',
  type: 'button',
  name: '',
  text: '',
  hints: '',
  inQuestionGroup: false,
  inForm: false,
};
const purpose = (over: Partial<PurposeInput>): string => inferPurpose({ ...button, ...over });

test('purpose: page jumps, media seeking and the window are no navigation', () => {
  assert.equal(
    purpose({ name: 'Back to top', hints: 'skipnav' }),
    'link',
    'a skip link is a link in the page',
  );
  assert.equal(purpose({ role: 'link', tag: 'a', name: 'Back to top' }), 'link');
  assert.equal(purpose({ name: 'Skip navigation' }), 'link');
  assert.equal(purpose({ role: 'link', tag: 'a', name: 'Skip to main content' }), 'link');
  assert.equal(
    purpose({ name: 'Skip to the Test' }),
    'other',
    'ADL templates: a jump in the course, no skip link',
  );
  assert.equal(purpose({ name: '2x Fast Forward' }), 'play_pause', 'fast forward is no next');
  assert.equal(purpose({ name: 'Rewind 10 seconds' }), 'play_pause');
  assert.equal(purpose({ name: 'Playback speed 1.5x' }), 'play_pause');
  assert.equal(purpose({ name: 'Enter full screen' }), 'player_control', 'full screen is no start');
  assert.equal(purpose({ name: 'Back to menu' }), 'menu', 'Adapt: opens the menu');
  assert.equal(purpose({ name: 'Menu item. Introduction', inQuestionGroup: true }), 'link', 'a page entry');
  assert.equal(
    purpose({ role: 'link', tag: 'a', name: 'Introduction 7 mins', hints: 'menu-item__button' }),
    'link',
    "Adapt's page link",
  );
  assert.equal(purpose({ name: '', hints: 'nav-menu-button' }), 'menu', 'a menu button still opens the menu');
  // A translated player labels both arrows "siguiente" (Storyline): the id tells them apart.
  assert.equal(purpose({ name: 'siguiente', hints: 'prev' }), 'previous');
  assert.equal(purpose({ name: 'siguiente', hints: 'next' }), 'next');
  assert.equal(
    purpose({ name: 'Next', hints: 'btn-next arrow-left' }),
    'next',
    'its own direction named too',
  );
  // Lectora names an image button after its file.
  assert.equal(purpose({ name: 'arrow2_next' }), 'next');
  assert.equal(purpose({ name: 'btn_back' }), 'previous');
  // Unchanged: real navigation words.
  assert.equal(purpose({ name: 'Back' }), 'previous');
  assert.equal(purpose({ name: 'Proceed' }), 'next');
  assert.equal(purpose({ name: 'Start' }), 'start_resume');
  assert.equal(purpose({ name: 'Close' }), 'close');
});

test("purpose: an in-page widget's arrow names its item and stays on the page; a slide or lesson goes on", () => {
  // rise-3 lesson 4: the flashcards' "Next flashcard" was taken for the lesson's way on.
  assert.equal(purpose({ name: 'Next flashcard', hints: 'block-flashcards-slider__arrow--next' }), 'other');
  assert.equal(purpose({ name: 'Previous flashcard' }), 'other');
  assert.equal(purpose({ name: 'Next card' }), 'other');
  assert.equal(purpose({ name: 'Previous image' }), 'other');
  assert.equal(purpose({ name: 'Next tab' }), 'other');
  // rise-3 lesson 8: Rise's scenario block is a group whose text holds its own CONTINUE buttons.
  assert.equal(purpose({ role: 'group', name: 'Scenario', text: 'Scenario Start CONTINUE' }), 'other');
  assert.equal(purpose({ text: 'CONTINUE' }), 'next', "a button's own text still says where it goes");
  assert.equal(purpose({ name: 'Next slide' }), 'next', "a slide deck's Next slide (h5p-1) goes on");
  assert.equal(purpose({ name: 'Next page' }), 'next');
  assert.equal(purpose({ name: 'Previous slide' }), 'previous');
  assert.equal(purpose({ role: 'link', tag: 'a', name: 'Lesson 5 - Exercising', hints: 'next' }), 'next');
});

test("purpose: Adapt's drawer and progress buttons are the player's tools; the drawer's close closes", () => {
  assert.equal(
    purpose({
      name: 'Progress bar. Select here to view your current progress, and select an item to navigate to it. You have completed 50%',
    }),
    'player_control',
  );
  assert.equal(purpose({ name: 'Open course resources and search' }), 'player_control');
  assert.equal(purpose({ name: 'Close resources' }), 'close');
});

test('purpose: a carousel turns in place; a declared direction and a bare arrow go on', () => {
  // Rise's gallery block: "Next" turns its pictures, the lesson's own link is further down.
  assert.equal(purpose({ name: 'Next', inCarousel: true }), 'other');
  assert.equal(purpose({ name: '', hints: 'block-gallery__arrow--prev prev', inCarousel: true }), 'other');
  assert.equal(purpose({ name: 'Close', inCarousel: true }), 'close', 'only its arrows stay in place');
  // Rise's lesson link says data-direction="next" (read into the hints) and names the lesson it opens.
  assert.equal(
    purpose({
      role: 'link',
      tag: 'a',
      name: 'Lesson 2 - What is at risk?',
      hints: 'next lesson-nav-link__link',
    }),
    'next',
  );
  assert.equal(
    purpose({ role: 'link', tag: 'a', name: 'Lesson 1 - Intro', hints: 'previous x' }),
    'previous',
  );
  // Lectora's arrow image button: name and text are both a stray ">".
  assert.equal(purpose({ name: '>', text: '> ' }), 'next');
  assert.equal(purpose({ name: '<', text: '<' }), 'previous');
});

const control = (over: Partial<PlayerControlInput>): boolean =>
  isPlayerControl({ role: 'radio', type: 'radio', name: '', hints: '', question: '', ...over });

test('player controls: search, playbar, caption and speed choices; answers stay answers', () => {
  assert.equal(control({ role: 'textbox', type: 'text', name: 'Search' }), true, "iSpring outline's Search");
  assert.equal(control({ role: 'searchbox', type: 'search', name: 'Find' }), true);
  assert.equal(control({ role: 'slider', type: 'range', name: 'volume' }), true, "Storyline's volume");
  assert.equal(control({ role: 'slider', type: 'range', name: 'Position', hints: 'playbar-seek' }), true);
  assert.equal(control({ name: 'Off', question: 'Captions' }), true);
  // MediaElement.js (Lectora's player) drops the seek bar's label while playing: its name is the time shown.
  assert.equal(
    control({ role: 'slider', type: null, name: '00:24', hints: 'mejs__time-total mejs__time-slider' }),
    true,
    "Lectora's playbar",
  );
  assert.equal(control({ role: 'slider', type: null, name: '1:02:03' }), true, 'a slider named by a time');
  assert.equal(control({ role: 'slider', type: 'range', name: 'How confident are you?' }), false);
  assert.equal(control({ role: 'menuitemradio', name: '1.5x' }), true);
  assert.equal(control({ name: 'Blue', question: 'Which colour is the sky?' }), false);
  assert.equal(control({ name: 'Agree', question: 'How is your progress in this course?' }), false);
  assert.equal(control({ role: 'slider', type: 'range', name: 'How confident are you?' }), false);
  assert.equal(control({ role: 'textbox', type: 'text', name: 'Your answer' }), false);
  // ispring-1: an answer that mentions progress is a sentence, not a playbar's label.
  assert.equal(control({ role: 'generic', type: null, name: 'Track the student’s progress' }), false);
  assert.equal(control({ role: 'generic', type: null, name: 'Progress' }), true);
  assert.equal(control({ role: 'slider', type: 'range', name: 'Video progress of the lesson' }), true);
});

test("purpose: the player's own tools are player_control; a quiz's View results goes on", () => {
  assert.equal(purpose({ name: 'Turn on accessibility mode' }), 'player_control', 'ispring-1');
  assert.equal(purpose({ name: 'Marker Tools' }), 'player_control');
  assert.equal(purpose({ name: 'show fullscreen' }), 'player_control');
  assert.equal(purpose({ name: 'NOTES', text: 'NOTES' }), 'player_control');
  assert.equal(purpose({ name: 'Presenter Info' }), 'player_control');
  assert.equal(purpose({ role: 'link', tag: 'a', name: 'Resources' }), 'link', 'a link goes where it says');
  assert.equal(purpose({ name: 'Notes on safety at work' }), 'other', 'a course button that names notes');
  assert.equal(purpose({ name: 'VIEW RESULTS' }), 'next', "iSpring's result slide counts the quiz done");
});

test('purpose: the box of a drawn drop-down says a decorated prompt ("--- SELECT ---"); a bare "Select" is an ordinary button', () => {
  assert.equal(purpose({ name: '--- SELECT ---', text: 'Group 1' }), 'selection', 'storyline-2');
  assert.equal(purpose({ name: 'Select…' }), 'selection');
  assert.equal(purpose({ name: '[Choose one]' }), 'selection');
  assert.equal(purpose({ name: 'Select' }), 'other', 'a button that selects, no drop-down');
  assert.equal(purpose({ name: '-- Select your answer and continue to the next slide --' }), 'next');
  assert.equal(purpose({ role: 'link', tag: 'a', name: '--- SELECT ---' }), 'link');
});

test("purpose: the player's sound settings are player_control; play and pause stay play_pause", () => {
  // Storyline's playbar: #volume > button, named "volume" (storyline-1..3).
  assert.equal(purpose({ name: 'volume', hints: ' ' }), 'player_control');
  assert.equal(purpose({ name: 'Mute' }), 'player_control');
  assert.equal(purpose({ name: 'Unmute narration' }), 'player_control');
  assert.equal(purpose({ name: '', hints: 'volume-button cs-button' }), 'player_control');
  assert.equal(purpose({ name: 'play' }), 'play_pause');
  assert.equal(purpose({ name: 'Pause' }), 'play_pause');
  assert.equal(purpose({ name: 'replay' }), 'play_pause');
  assert.equal(purpose({ name: '', hints: 'play-button' }), 'play_pause');
});

test("purpose: an outline entry opens its slide; a quiz's title is no submit", () => {
  const entry = (name: string): string => purpose({ role: 'treeitem', tag: 'div', name });
  // storyline-3's outline tree: slide titles, whatever words they use.
  assert.equal(entry('Check Your Understanding #1'), 'link');
  assert.equal(entry('7.1 Knowledge Check'), 'link');
  assert.equal(entry('Print Production Menu'), 'link', 'a slide called Menu is no menu button');
  assert.equal(entry('Section Conclusion'), 'link');
  assert.equal(entry('Next steps'), 'link', 'the title of a slide, not the next control');
  // The same titles on links and buttons (a Rise lesson list, a menu slide's buttons).
  assert.equal(purpose({ role: 'link', tag: 'a', name: 'Knowledge Check' }), 'link');
  assert.equal(purpose({ role: 'link', tag: 'a', name: 'Check your understanding' }), 'link');
  assert.equal(purpose({ name: 'Knowledge Check' }), 'other');
  assert.equal(purpose({ name: 'Checkpoint 2' }), 'other');
  // Unchanged: the buttons that submit.
  assert.equal(purpose({ name: 'Check' }), 'submit');
  assert.equal(purpose({ name: 'Check my answer' }), 'submit');
  assert.equal(purpose({ name: 'Submit knowledge check' }), 'submit');
  assert.equal(purpose({ name: 'Submit' }), 'submit');
});

test('purpose: Home opens the course menu, even classed as the previous-lesson link', () => {
  const home = { role: 'link', tag: 'a', hints: 'previous-lesson__link icon icon-chevron-up' };
  assert.equal(purpose({ ...home, name: 'Home' }), 'menu', "Rise's first lesson");
  assert.equal(purpose({ ...home, name: '\ue60c Home', text: '\ue60c Home' }), 'menu', "rise-3's icon glyph");
  assert.equal(purpose({ name: 'Back to home' }), 'menu');
  assert.equal(purpose({ ...home, name: 'Lesson 1 - Why lifting matters' }), 'previous', 'the lesson before');
  assert.equal(
    purpose({ name: 'Home insurance basics', role: 'link', tag: 'a' }),
    'link',
    'a title with the word',
  );
});
