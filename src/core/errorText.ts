// What a failure says, whatever was thrown: an Error's message, else the thrown value as text.
// Workers and threads send it across, where only text survives.

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
