import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { transformAsync, types, type BabelFileResult, type PluginObj } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Plugin } from 'vite';

/**
 * Lingui's macros (`t`, `plural`, `msg` from @lingui/core/macro; `<Trans>`, `useLingui` from
 * @lingui/react/macro) compiled by Babel in the files that import them, and only those: Vite 8
 * itself has no Babel, and the rest of the code keeps its faster path. Used by the build, the dev
 * server and the tests (vite.config.ts).
 *
 * Each message keeps its English (`message`), compiled here from ICU MessageFormat into what the
 * runtime formats without a parser (src/api/compiled-messages.ts): English is never a catalogue
 * to download, and its text stays beside the code that shows it. The `id` is Lingui's, the key
 * of the Spanish and Arabic catalogues.
 */
const linguiConfig = getConfig({ cwd: process.cwd(), skipValidation: true });

/**
 * After the macro, each `/* i18n *\/ { id, message, ... }`: the message compiled from ICU, and
 * a plain one (no placeholder, its id the English's own) reduced to its English, `i18n._("Sign In")`, whose id
 * the runtime derives when a catalogue is active (src/lib/i18n/runtime.ts): about 0.8 KB of
 * brotli less on a first visit, whose hundred messages each carried a 6-character hash.
 */
function compileMessagesInPlace(): PluginObj {
  const named = (property: types.ObjectExpression['properties'][number], name: string) =>
    types.isObjectProperty(property) && types.isIdentifier(property.key, { name });
  return {
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            ObjectExpression(path) {
              const marked = path.node.leadingComments?.some((c) => c.value.trim() === 'i18n');
              if (!marked) return;
              const node = path.node;
              // A translator's comment is the catalogue's business, not the code's.
              node.properties = node.properties.filter((p) => !named(p, 'comment'));
              const message = node.properties.find((p) => named(p, 'message'));
              if (!types.isObjectProperty(message) || !types.isStringLiteral(message.value)) return;
              const english = message.value.value;
              // Through JSON: a plural's `offset` is undefined unless the message sets one.
              const compiled = JSON.parse(JSON.stringify(compileMessage(english))) as ReturnType<
                typeof compileMessage
              >;
              const plain = compiled.length === 1 && typeof compiled[0] === 'string';
              message.value = types.valueToNode(plain ? compiled[0] : compiled);
              // The id goes only where the runtime derives the same from the English: not with a
              // context (`<Trans context>`: the macro leaves no trace of it but in the id).
              const id = node.properties.find((p) => named(p, 'id'));
              const derived =
                types.isObjectProperty(id) &&
                types.isStringLiteral(id.value) &&
                id.value.value === generateMessageId(english);
              if (!plain || !derived) return;
              node.properties = node.properties.filter((p) => !named(p, 'id'));
              const alone = node.properties.length === 1;
              if (alone && path.parentPath.isCallExpression() && path.key === 0) {
                path.replaceWith(message.value);
              }
            },
          });
        },
      },
    },
  };
}

/**
 * Babel's answers kept on disk by the source's hash (and this file's, which decides them): a run
 * of `npm test` transforms the same 160 files for two builds and two test projects, and Babel
 * took about 6 s of CPU for each pass.
 */
const CACHE_DIR = path.resolve('node_modules/.cache/lingui-macros');
const PLUGIN_HASH = createHash('sha256')
  .update(fs.readFileSync(new URL(import.meta.url)))
  .digest('hex');

type Transformed = { code: string; map: BabelFileResult['map'] } | null;

async function cached(
  id: string,
  code: string,
  transform: () => Promise<Transformed>,
): Promise<Transformed> {
  const key = createHash('sha256').update(PLUGIN_HASH).update(id).update(code).digest('hex');
  const file = path.join(CACHE_DIR, `${key}.json`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Transformed;
  } catch {
    const result = await transform();
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside, then renamed: a build and a test run may ask for the same file at once.
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(result));
    fs.renameSync(temporary, file);
    return result;
  }
}

export function linguiMacros(): Plugin {
  return {
    name: 'ruminations:lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: /\.[jt]sx?$/, code: '/macro' },
      async handler(code, id) {
        if (id.includes('/node_modules/') || !code.includes('@lingui/')) return null;
        return cached(id, code, async () => {
          const result = await transformAsync(code, {
            filename: id,
            babelrc: false,
            configFile: false,
            sourceMaps: true,
            parserOpts: { plugins: ['jsx', 'typescript'] },
            plugins: [
              [linguiMacro, { linguiConfig, stripMessageField: false }],
              compileMessagesInPlace,
            ],
          });
          return result?.code ? { code: result.code, map: result.map } : null;
        });
      },
    },
  };
}
