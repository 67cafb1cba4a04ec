import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * A backup folder's manifest.json: every file of the backup with its size and SHA-256, and when
 * the backup was taken. A restore checks the folder against it before it changes anything.
 */

export const MANIFEST_FILE = 'manifest.json';

const manifestSchema = z.object({
  format: z.literal(1),
  database: z.literal('sqlite'),
  /** ISO time the copy started: erasures from then on are re-applied by a restore. */
  takenAt: z.iso.datetime(),
  files: z.array(
    z.object({
      path: z.string().min(1),
      size: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

/** A backup that must not be restored; the message says why, for the operator. */
export class BackupRefused extends Error {}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `root`, as paths relative to it with '/' separators, sorted. */
export function filesUnder(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relative);
      else found.push(relative);
    }
  };
  walk(root, '');
  return found.sort();
}

/** The manifest entries of these files of `root`. */
export async function describeFiles(root: string, files: string[]): Promise<ManifestFile[]> {
  const described: ManifestFile[] = [];
  for (const file of files) {
    const full = path.join(root, file);
    described.push({ path: file, size: fs.statSync(full).size, sha256: await sha256OfFile(full) });
  }
  return described;
}

/** A manifest path that stays inside the backup folder (a crafted one could name ../../etc). */
function safePath(file: string): boolean {
  return (
    !path.isAbsolute(file) &&
    !file.includes('\\') &&
    file.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/**
 * The manifest of the backup in `folder`, after checking every file against it: a missing file,
 * an extra one, or one whose size or SHA-256 differs refuses the whole backup (BackupRefused).
 */
export async function verifiedManifest(folder: string): Promise<Manifest> {
  let raw: string;
  try {
    raw = fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupRefused(`${folder} is no backup: it has no readable ${MANIFEST_FILE}`);
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(raw));
  } catch {
    throw new BackupRefused(`${path.join(folder, MANIFEST_FILE)} is not a valid backup manifest`);
  }
  const listed = new Map(manifest.files.map((file) => [file.path, file]));
  for (const file of manifest.files) {
    if (!safePath(file.path)) {
      throw new BackupRefused(`The manifest names a file outside the backup: ${file.path}`);
    }
  }
  const present = filesUnder(folder).filter((file) => file !== MANIFEST_FILE);
  const extra = present.filter((file) => !listed.has(file));
  if (extra.length > 0) {
    throw new BackupRefused(
      `The backup holds files its manifest does not list: ${extra.join(', ')}`,
    );
  }
  for (const file of manifest.files) {
    const full = path.join(folder, file.path);
    if (!fs.existsSync(full)) throw new BackupRefused(`The backup is missing ${file.path}`);
    const size = fs.statSync(full).size;
    if (size !== file.size || (await sha256OfFile(full)) !== file.sha256) {
      throw new BackupRefused(
        `${file.path} does not match the manifest (size or SHA-256 differs): the backup is damaged`,
      );
    }
  }
  if (!listed.has(DATABASE_FILE)) throw new BackupRefused(`The backup holds no ${DATABASE_FILE}`);
  return manifest;
}

/** Names inside DATA_DIR (server/db/open-database.ts, jwt-secret.ts, media-storage-open.ts). */
export const DATABASE_FILE = 'ruminations.sqlite';
export const JWT_SECRET_FILE = 'jwt-secret';
export const MEDIA_FOLDER = 'media';
