// Glob patterns as rules write them: `src/**`, `**/.env`, `*.pem`, `config.{json,yaml}`.
// Small and strict on purpose: `*` and `?` stay inside one path segment, `**` crosses them.

/** A regular expression for a path glob, anchored at both ends. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const segmentStart = i === 0 || glob[i - 1] === '/';
      if (segmentStart && glob[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else if (segmentStart && i + 2 === glob.length && i > 0) {
        // `dir/**`: the directory itself and everything under it
        out = out.replace(/\/$/, '') + '(?:/.*)?';
        i += 1;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      const close = glob.indexOf('}', i);
      if (close < 0) out += '\\{';
      else {
        out += `(?:${glob.slice(i + 1, close).split(',').map((alt) => globToRegExp(alt).source.slice(1, -1)).join('|')})`;
        i = close;
      }
    } else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) out += '\\[';
      else {
        out += `[${glob.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else out += escape(c);
  }
  return new RegExp(`^${out}$`);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A command pattern: `*` matches anything (spaces and slashes too); `npm test:*` means `npm test` and what follows. */
export function commandPatternToRegExp(pattern: string): RegExp {
  const normalized = pattern.trim().replace(/\s+/g, ' ');
  if (normalized.endsWith(':*')) return new RegExp(`^${escape(normalized.slice(0, -2))}(?: .*)?$`, 's');
  return new RegExp(`^${normalized.split('*').map(escape).join('.*')}$`, 's');
}
