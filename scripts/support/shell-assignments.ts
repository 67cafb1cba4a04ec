/**
 * The NAME=value lines that scripts/pg's start scripts print for `eval` (printf %q, which escapes
 * what a shell would read otherwise: `\,` and `\?` in a multi-host address).
 */
export function shellAssignments(output: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of output.split('\n')) {
    const match = /^([A-Z_0-9]+)=(.*)$/.exec(line);
    if (match !== null) values[match[1]!] = match[2]!.replace(/\\(.)/g, '$1');
  }
  return values;
}
