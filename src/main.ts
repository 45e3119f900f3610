// Entry point of the page: styles, then the app mounted into #app.
import './view/theme/tokens.css';
import './app/styles/shell.css';
import './app/styles/stage.css';
import './app/styles/transport.css';
import './app/styles/sidebar.css';
import './view/views.css';
import './view/charts/charts.css';
import './view/charts/panels.css';
import './view/curves/curves.css';
import './view/scaling/scaling.css';
import './view/machine/machine.css';
import './view/race/race.css';
import './app/styles/lecture.css';
import './app/styles/presenter.css';
import './app/styles/layout.css';
import './app/styles/phone.css';
import './app/styles/scenes.css';
import './app/styles/embed.css';
import { App } from './app/app';
import { readLink } from './app/browser/link';
import { registerOffline } from './app/browser/offline';
import { markBoot } from './app/browser/timing';
import { linkReader } from './app/session/linkReader';
import { keptTourNamed, restoreKept } from './app/tour/tourStore';
import { hasPackedValues } from './core/scenario/linkPrepass';

const root = document.querySelector<HTMLDivElement>('#app');
// The offline worker is registered once the page has settled (the App says when).
const settled = registerOffline();
// A link naming a tour kept in this browser (too large for a link) waits for it to be read
// back; one with a packed script or tour, for the link worker to unpack it. Most links have
// neither, and the page is built at once.
const link = readLink();
const kept = keptTourNamed(link);
// Read once: a packed fragment may be 600,000 characters.
const packed = kept === null && hasPackedValues(link);
// Until the App is built the page is pending, as for any request not on screen yet: index.html
// marks it so from its first byte (a test that waited for the mark to go could pass before this
// module ran), and here again for a host page that does not.
document.documentElement.toggleAttribute('data-pending', root !== null);
markBoot('module', kept !== null ? 'kept' : packed ? 'packed' : 'direct');
if (root !== null) {
  if (kept === null && !packed) {
    // Built in a task of its own, after the modules' evaluation: the boot's one task of
    // 78-110 ms became two, mostly under 50 ms (docs/performance.md).
    setTimeout(() => new App(root, settled), 0);
  } else {
    // A kept tour of a few MB is read in a worker: seconds on a slow phone. Meanwhile the page
    // says so (after a moment, in CSS). Whatever the reading does, the page starts: a tour it
    // could not read is named missing.
    const note = document.createElement('p');
    note.className = 'boot-note';
    note.setAttribute('role', 'status');
    note.textContent = kept === null ? 'Reading the link…' : 'Reading the tour this browser keeps…';
    root.append(note);
    void Promise.all([kept === null ? null : restoreKept(kept), linkReader.readAhead(link)])
      .catch(() => undefined)
      .then(() => {
        note.remove();
        new App(root, settled);
      });
  }
} else settled();
