import fs from 'node:fs';
import { openDatabase } from '../db/open-database';
import { insertTermsVersion } from '../modules/terms/terms-queries';
import { commandConfig, runCommand } from './command';

/**
 * Operator command: publish a new version of the Terms of Service, which becomes current at once
 * (every user must accept it before writing again).
 *
 *   npm run terms:publish -- 1.1 ./terms.md
 *
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL).
 */

const USAGE = 'Usage: npm run terms:publish -- <version> <markdown-file>   (e.g. 1.1 ./terms.md)';

async function main(): Promise<number> {
  const [version, file] = process.argv.slice(2);
  if (!version || !file) {
    console.error(USAGE);
    return 2;
  }
  if (!/^[0-9A-Za-z][0-9A-Za-z.-]{0,31}$/.test(version)) {
    console.error(`"${version}" is not a version: use letters, digits, dots and hyphens, e.g. 1.1`);
    return 2;
  }
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  if (content.trim() === '') {
    console.error(`${file} is empty`);
    return 2;
  }

  const config = commandConfig();
  if (typeof config === 'number') return config;
  const db = await openDatabase(config);
  try {
    const added = await insertTermsVersion(db, version, content, new Date().toISOString());
    if (!added) {
      console.error(
        `Version ${version} already exists; versions are never changed once published.`,
      );
      return 1;
    }
    console.log(`Published Terms of Service version ${version}; it is now the current version.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

runCommand(main);
