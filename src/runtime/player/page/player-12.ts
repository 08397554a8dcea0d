/** The player page script for SCORM 1.2 courses (bundled by scripts/bundle.mjs). */
import { strict12Engine } from './engine-12.js';
import { bootPlayer } from './player.js';

bootPlayer(strict12Engine);
