// Prism loads each language's file by name when a code block first needs it (`require('./prism-' +
// lang)`), which no bundler can follow. The build copies the package's core, its dependency table and
// its minified language files into dist/prism, which the highlighter loads from, installed or not.
import { copyFileSync, cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Copies Prism into `to`; returns the package folder it came from (for its notice). */
export function copyPrism(to) {
  const from = dirname(createRequire(import.meta.url).resolve('prismjs/package.json'));
  rmSync(to, { recursive: true, force: true });
  mkdirSync(join(to, 'components'), { recursive: true });
  for (const f of ['package.json', 'LICENSE', 'prism.js', 'components.js', 'dependencies.js']) copyFileSync(join(from, f), join(to, f));
  cpSync(join(from, 'components', 'index.js'), join(to, 'components', 'index.js'));
  for (const f of readdirSync(join(from, 'components'))) {
    const lang = /^(prism-.+)\.min\.js$/.exec(f);
    if (lang) copyFileSync(join(from, 'components', f), join(to, 'components', `${lang[1]}.js`));
  }
  return from;
}
