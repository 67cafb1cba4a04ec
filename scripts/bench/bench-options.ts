/** Flags of the bench scripts (`-- --name value`), read from the command line. */

/** The value after `--name`, if given. */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** `--name N`, a positive number, or `fallback`. */
export function numberOption(name: string, fallback: number): number {
  const value = Number(option(name));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
