/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*=UTF-8''...` when given,
 * else `filename="..."` or a bare `filename=...`; null when there is none. Folders are cut off.
 */
export function filenameOfContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return baseName(decodeURIComponent(extended[2].trim()));
    } catch {
      // A broken encoding: try the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return baseName(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (bare?.[1] !== undefined) return baseName(bare[1]);
  return null;
}

function baseName(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base === '' ? null : base;
}
