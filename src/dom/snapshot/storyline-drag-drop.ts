/**
 * The drag-and-drop of the Storyline slides a course has shown, read once per slide from the slide's data
 * file in the package (storyline-slide-data.ts) and handed to each page read (page/storyline-drag-drop.ts),
 * so that drop targets are listed with refs though nothing in the page marks them.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { readBesidePage } from '../players/package-file.js';
import { dragDropOfSlideData } from '../players/storyline-slide-data.js';
import type { ScoFrame } from '../frames.js';
import type { DragDropDeclarations, ScanResult } from './page/types.js';

/** Storyline's slide data files run to a few hundred kB; a larger one is not read. */
const MAX_DATA_BYTES = 8 * 1024 * 1024;
const SLIDE_ID = /^[0-9A-Za-z]{8,16}$/;

export class StorylineDragDrop {
  /** Slide id -> its declarations ({} when it declares none or could not be read). */
  private readonly slides = new Map<string, DragDropDeclarations>();
  private merged: DragDropDeclarations = {};
  private declaring = 0;

  private constructor(private readonly runtime: CourseRuntime) {}

  static of(runtime: CourseRuntime): StorylineDragDrop {
    let known = perRuntime.get(runtime);
    if (!known) {
      known = new StorylineDragDrop(runtime);
      perRuntime.set(runtime, known);
    }
    return known;
  }

  /** Every declaration known so far, for the page reads (an object not on the page is not found there). */
  get declarations(): DragDropDeclarations | undefined {
    return this.slides.size > 0 ? this.merged : undefined;
  }

  /** How many slides declare a drag-and-drop: a page read made before one was learnt is not reused. */
  get version(): number {
    return this.declaring;
  }

  /**
   * Reads the data files of the slides these scans show, once each; true when one of them declares a
   * drag-and-drop, so the page is read again with it.
   */
  async learn(reads: Array<{ frame: ScoFrame; scan: ScanResult | null }>): Promise<boolean> {
    let found = false;
    for (const { frame, scan } of reads) {
      for (const id of scan?.storylineSlides ?? []) {
        if (this.slides.has(id) || !SLIDE_ID.test(id)) continue;
        const declared = await this.read(scan?.url ?? frame.frame.url(), id);
        this.slides.set(id, declared);
        if (Object.keys(declared).length > 0) {
          this.merged = { ...this.merged, ...declared };
          this.declaring++;
          found = true;
        }
      }
    }
    return found;
  }

  private async read(pageUrl: string, id: string): Promise<DragDropDeclarations> {
    const source = await readBesidePage(this.runtime, pageUrl, `html5/data/js/${id}.js`, MAX_DATA_BYTES);
    return source === null ? {} : dragDropOfSlideData(source);
  }
}

const perRuntime = new WeakMap<CourseRuntime, StorylineDragDrop>();
