import { transformAsync, types, type PluginObj } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
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

/** After the macro: `/* i18n *\/ { id, message: "{count, plural, ...}" }` → the compiled message. */
function compileMessagesInPlace(): PluginObj {
  return {
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            ObjectExpression(path) {
              const marked = path.node.leadingComments?.some((c) => c.value.trim() === 'i18n');
              if (!marked) return;
              for (const property of path.node.properties) {
                if (
                  types.isObjectProperty(property) &&
                  types.isIdentifier(property.key, { name: 'message' }) &&
                  types.isStringLiteral(property.value)
                ) {
                  const compiled = compileMessage(property.value.value);
                  const plain = compiled.length === 1 && typeof compiled[0] === 'string';
                  property.value = types.valueToNode(plain ? compiled[0] : compiled);
                }
              }
            },
          });
        },
      },
    },
  };
}

export function linguiMacros(): Plugin {
  return {
    name: 'ruminations:lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: /\.[jt]sx?$/, code: '/macro' },
      async handler(code, id) {
        if (id.includes('/node_modules/') || !code.includes('@lingui/')) return null;
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
      },
    },
  };
}
