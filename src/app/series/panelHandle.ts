// What the composition root gives the scaling and machine panels, and holds of them: the same
// options and the same three calls.

export interface SeriesPanelOptions<Settings> {
  /** The settings to start from (a link's). */
  initial?: Settings;
  /** One line on what the panel is doing (started, done, cancelled, refused input). */
  onStatus?(text: string): void;
  /** The settings changed through a control (so the link can follow). */
  onSettings?(settings: Settings): void;
}

export interface SeriesPanelHandle<Settings> {
  /** The tab is shown. */
  activate(): void;
  deactivate(): void;
  /** Puts the controls to these settings (back/forward through links). */
  setSettings(settings: Settings): void;
}
