import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The Content-Security-Policy sources that allow the built index.html's own inline scripts (the
 * theme and the first page's request, build/inline-boot-scripts.ts) and nothing else: a hash per
 * script, read from the file when the server starts. Without a built SPA there are none.
 */
export function inlineScriptSources(staticDir: string): string[] {
  const file = path.join(staticDir, 'index.html');
  if (!fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  const sources: string[] = [];
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    const digest = createHash('sha256').update(match[1]!, 'utf8').digest('base64');
    sources.push(`'sha256-${digest}'`);
  }
  return sources;
}
