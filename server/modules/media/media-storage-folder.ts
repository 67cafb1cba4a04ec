import fs from 'node:fs';
import path from 'node:path';
import type { MediaStorage } from './media-storage';

/**
 * Photos' files in a folder (DATA_DIR/media by default): one instance, or several sharing a disk.
 * A file is written under a temporary name and renamed, so a reader never sees half of one.
 */
export function folderMediaStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    // Keys are made by the server, never by a client; this keeps a bug from reaching outside.
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`Bad media key ${key}`);
    return file;
  };
  return {
    description: `folder ${root}`,
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.part`;
      await fs.promises.writeFile(temporary, body);
      await fs.promises.rename(temporary, file);
    },
    async putFile(key, source) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.part`;
      await fs.promises.copyFile(source, temporary);
      await fs.promises.rename(temporary, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const handle = await fs.promises.open(file, 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), bytes: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(keys) {
      const folders = new Set<string>();
      for (const key of keys) {
        const file = fileOf(key);
        await fs.promises.rm(file, { force: true });
        folders.add(path.dirname(file));
      }
      // A photo's folder goes with its last file (rmdir refuses a folder that is not empty).
      for (const folder of folders) await fs.promises.rmdir(folder).catch(() => undefined);
    },
  };
}
