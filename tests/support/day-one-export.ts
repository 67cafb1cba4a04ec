import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * A Day One JSON export as the import reads it (api-contract.md "Bring your journal"): Journal.json
 * with its entries, and the photos as photos/<md5>.<type>. For the server's, the mock backend's
 * and the browser's tests alike.
 */

export interface DayOneEntry {
  uuid?: string;
  creationDate?: string;
  text?: string;
  tags?: string[];
  photos?: { md5: string; identifier: string; type: string }[];
}

export function dayOneZip(entries: unknown[], photos: Record<string, Uint8Array> = {}): Buffer {
  const files: Zippable = {
    'Journal.json': strToU8(JSON.stringify({ metadata: { version: '1.0' }, entries })),
  };
  for (const [name, bytes] of Object.entries(photos)) files[`photos/${name}`] = bytes;
  return Buffer.from(zipSync(files));
}
