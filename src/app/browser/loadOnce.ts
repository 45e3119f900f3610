// Code (or data) loaded the first time it is asked for, and shared by every later ask; a load
// that failed (offline before its chunk was cached, say) is tried afresh at the next ask.

/** `load`, run at the first call and shared after, run again after a failure. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (loading === null) {
      const attempt = load();
      loading = attempt;
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
    }
    return loading;
  };
}
