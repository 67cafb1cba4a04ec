/** The text a failed call shows: ApiError already carries the spec's message or default. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}
