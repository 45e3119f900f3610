// A chart panel whose code loads the first time its tab is shown (a dynamic import), so the
// page's first bundle holds none of it. Until it is built it keeps what it was told (its
// settings, whether it is shown) and tells the panel once it exists.

import { errorText } from '../../core/errorText';
import { afterTask } from '../browser/frames';
import type { SeriesPanelHandle } from './panelHandle';

export class LazyPanel<Settings, Panel extends SeriesPanelHandle<Settings>>
  implements SeriesPanelHandle<Settings>
{
  private panel: Panel | null = null;
  private loading: Promise<Panel | null> | null = null;
  private settings: Settings | null = null;
  private active = false;

  /**
   * `load` imports the panel's module and builds the panel (mounted where it belongs);
   * `failed` hears why it could not (offline before the chunk was cached, say).
   */
  constructor(
    private readonly load: () => Promise<Panel>,
    private readonly failed: (message: string) => void,
  ) {}

  /** The panel, once built; null before (calls that need it then have nothing to do). */
  get built(): Panel | null {
    return this.panel;
  }

  activate(): void {
    this.active = true;
    if (this.panel !== null) this.panel.activate();
    else void this.ensure();
  }

  deactivate(): void {
    this.active = false;
    this.panel?.deactivate();
  }

  setSettings(settings: Settings): void {
    this.settings = settings;
    this.panel?.setSettings(settings);
  }

  /** Starts loading the panel's code without showing it (the next tab a tour will open). */
  prefetch(): void {
    void this.ensure();
  }

  private ensure(): Promise<Panel | null> {
    // The import starts in a task of its own: started in the caller's, its module's loading and
    // linking took 8-12 ms of the App's construction when the first scene opens a chart tab.
    this.loading ??= afterTask(undefined)
      .then(this.load)
      .then(
        (panel) => {
          this.panel = panel;
          if (this.settings !== null) panel.setSettings(this.settings);
          if (this.active) panel.activate();
          return panel;
        },
        (error: unknown) => {
          // Not kept: the next time the tab is shown, it is tried again.
          this.loading = null;
          this.failed(`This tab could not be loaded: ${errorText(error)}`);
          return null;
        },
      );
    return this.loading;
  }
}
