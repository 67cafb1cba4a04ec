// `npm run i18n:check` (a stage of `npm test`): fails when a message the app shows has no entry
// in a language. Extraction runs on a copy of the catalogues: every message of the code
// (Lingui's macros, and the shared layer's English listed by scripts/i18n/shared-strings.ts)
// must already be in the PO files, none may be there that the code no longer has, every Spanish
// and Arabic entry must be translated, and the compiled JSON must be what the PO files compile
// to. Nothing is changed: the catalogues are put back as they were. The fix is `npm run i18n`,
// then translating what it added.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import PO from 'pofile';

const locales = path.resolve('src/locales');
const TRANSLATED = ['es', 'ar'];

function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(locales, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(locales, entry);
    if (/\.(po|json)$/.test(entry) && fs.statSync(file).isFile()) {
      files.set(entry, fs.readFileSync(file, 'utf8'));
    }
  }
  return files;
}

/** msgid (with its context) → msgstr, obsolete entries left out. */
function entries(text: string): Map<string, string> {
  const po = PO.parse(text);
  return new Map(
    po.items
      .filter((item) => !item.obsolete)
      .map((item) => [`${item.msgctxt ?? ''}\u0004${item.msgid}`, item.msgstr.join('')]),
  );
}

function run(command: string, args: string[]): string | null {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    return null;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return `${stdout}${stderr}`.trim();
  }
}

const problems: string[] = [];
const shared = run('npx', ['tsx', 'scripts/i18n/shared-strings.ts', '--check']);
if (shared !== null) problems.push(`The shared layer's strings are not listed:\n${shared}`);

const before = snapshot();
const lingui = path.resolve('node_modules/.bin/lingui');
try {
  const extracted = run(lingui, ['extract', '--clean']);
  if (extracted !== null) problems.push(`lingui extract failed:\n${extracted}`);
  const after = snapshot();
  for (const [file, text] of after) {
    if (!file.endsWith('.po')) continue;
    const old = before.get(file);
    const now = entries(text);
    const had = old === undefined ? new Map<string, string>() : entries(old);
    const added = [...now.keys()].filter((key) => !had.has(key));
    const gone = [...had.keys()].filter((key) => !now.has(key));
    const show = (keys: string[]) => keys.map((key) => `    ${key.split('\u0004')[1]}`).join('\n');
    if (added.length > 0)
      problems.push(`${file}: ${added.length} message(s) not in the catalogue:\n${show(added)}`);
    if (gone.length > 0)
      problems.push(`${file}: ${gone.length} message(s) the code no longer has:\n${show(gone)}`);
    if (TRANSLATED.includes(file.split(path.sep)[0] ?? '')) {
      const untranslated = [...had].filter(([key, msgstr]) => now.has(key) && msgstr === '');
      if (untranslated.length > 0) {
        problems.push(
          `${file}: ${untranslated.length} untranslated:\n${show(untranslated.map(([key]) => key))}`,
        );
      }
    }
  }
  // One English, one translation: the parts compile into one catalogue per language, where an
  // entry that two parts translate differently would be whichever came last.
  for (const language of TRANSLATED) {
    const seen = new Map<string, Map<string, string>>();
    for (const [file, text] of before) {
      if (!file.endsWith('.po') || !file.startsWith(`${language}${path.sep}`)) continue;
      for (const [key, msgstr] of entries(text)) {
        if (msgstr === '') continue;
        seen.set(key, (seen.get(key) ?? new Map()).set(file, msgstr));
      }
    }
    for (const [key, byFile] of seen) {
      if (new Set(byFile.values()).size > 1) {
        const list = [...byFile].map(([file, msgstr]) => `    ${file}: ${msgstr}`).join('\n');
        problems.push(`"${key.split('\u0004')[1]}" is translated differently:\n${list}`);
      }
    }
  }
  // The compiled catalogues from the catalogues as they were.
  for (const [file, text] of before)
    if (file.endsWith('.po')) fs.writeFileSync(path.join(locales, file), text);
  const compiled = run(lingui, ['compile']);
  if (compiled !== null) problems.push(`lingui compile failed:\n${compiled}`);
  for (const [file, text] of snapshot()) {
    if (file.endsWith('.json') && before.get(file) !== text) {
      problems.push(`src/locales/${file} is not what the PO files compile to`);
    }
  }
} finally {
  for (const file of snapshot().keys()) if (!before.has(file)) fs.rmSync(path.join(locales, file));
  for (const [file, text] of before) fs.writeFileSync(path.join(locales, file), text);
}

if (problems.length > 0) {
  console.error(problems.join('\n\n'));
  console.error(
    '\nRun `npm run i18n`, translate what it added (src/locales/{es,ar}/*.po), and commit.',
  );
  process.exit(1);
}
console.log('The catalogues hold every message of the code, translated in every language.');
