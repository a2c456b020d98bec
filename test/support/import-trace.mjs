// Preloaded with `node --import`: reports every resolved module URL on fd 2 as "import: <url>",
// so a test can prove which packages a command loads.
import { register } from 'node:module';

const hooks = `
import { writeSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  writeSync(2, 'import: ' + result.url + '\\n');
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
