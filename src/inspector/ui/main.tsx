/** Entry of the inspector's bundle (dist/inspector/inspector.js), loaded by the page's shell. */
import { render } from 'preact';
import { App } from './app.js';

render(<App />, document.getElementById('app') ?? document.body);
// For the benchmark and the browser tests: when the shell was first rendered.
performance.mark('inspector-shell');
