/** The player page script for SCORM 2004 courses (bundled by scripts/bundle.mjs). */
import { strict2004Engine } from './engine-2004.js';
import { bootPlayer } from './player.js';

bootPlayer(strict2004Engine);
