// The third-party notices the package owes: for every package whose code the bundle carries (found from
// the module paths rolldown bundled) and every package copied whole, its name, version, license and its
// own license file, word for word. Written at build, so it always matches what was bundled.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/** The package folder holding a bundled module's file, or undefined for tack's own files. */
function packageDir(file) {
  const at = file.lastIndexOf(`${sep}node_modules${sep}`);
  if (at < 0) return undefined;
  const rest = file.slice(at + 14).split(sep);
  return file.slice(0, at + 14) + (rest[0].startsWith('@') ? `${rest[0]}${sep}${rest[1]}` : rest[0]);
}

function licenseText(dir) {
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying|notice)(\.|-|$)/i.test(f));
  return file ? readFileSync(join(dir, file), 'utf8').trim() : undefined;
}

/** Writes `to` from the bundled modules' paths and the folders of packages copied whole. */
export function writeNotices(moduleIds, copied, to) {
  const dirs = new Set(copied);
  for (const id of moduleIds) {
    const dir = packageDir(id.replace(/^\0/, '').split('?')[0]);
    if (dir && existsSync(join(dir, 'package.json'))) dirs.add(dir);
  }
  // one notice per name and version: npm may install the same package in two places
  const byId = new Map();
  for (const dir of dirs) {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    byId.set(`${pkg.name}@${pkg.version}`, { dir, pkg });
  }
  const packages = [...byId.values()].sort((a, b) => a.pkg.name.localeCompare(b.pkg.name) || a.pkg.version.localeCompare(b.pkg.version));
  const parts = [
    '# Third-party software in this package',
    '',
    `tack's files in dist/ carry code from these ${packages.length} packages, each under its own license, given below as the package ships it.`,
  ];
  for (const { dir, pkg } of packages) {
    const license = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'see below');
    parts.push('', `## ${pkg.name} ${pkg.version} (${license})`, '');
    const text = licenseText(dir);
    parts.push(text ? ['```', text, '```'].join('\n') : `The package ships no license file; its package.json names ${license}.`);
  }
  writeFileSync(to, `${parts.join('\n')}\n`);
  return packages.length;
}
