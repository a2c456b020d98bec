// `@path` in a message names a file to attach: the mentions found in the text, and how a pasted path
// is written as one. Pure.

export interface FileMention {
  /** the path as written, quotes removed */
  path: string;
}

/**
 * The `@path` and `@"path with spaces"` mentions of `text`, in order, each once. A mention starts
 * the text or follows white space (so `a@b.com` is no mention); `@server:uri` of an MCP server in
 * `servers` is a resource, not a file; punctuation closing a sentence is not part of the path.
 */
export function findFileMentions(text: string, servers: readonly string[] = []): FileMention[] {
  const out: FileMention[] = [];
  for (const m of text.matchAll(/(?:^|\s)@(?:"([^"\n]+)"|(\S+))/g)) {
    const path = m[1] ?? m[2]!.replace(/[,;!?)\]]+$/, '').replace(/\.$/, '');
    if (!path) continue;
    const server = /^([A-Za-z0-9_.-]+):/.exec(path)?.[1];
    if (server && servers.includes(server)) continue;
    if (!out.some((x) => x.path === path)) out.push({ path });
  }
  return out;
}

/**
 * A pasted piece of text that is one path to an image (a file dragged onto the terminal, a copied
 * path), as the mention that attaches it; undefined for anything else. Terminals write such a path
 * quoted, with backslash-escaped spaces, or as a file:// URL.
 */
export function pastedImageMention(pasted: string, isImageName: (path: string) => boolean): string | undefined {
  let path = pasted.trim();
  if (!path || path.includes('\n')) return undefined;
  if (/^(['"]).*\1$/.test(path)) path = path.slice(1, -1);
  else path = path.replace(/\\(.)/g, '$1');
  if (path.startsWith('file://')) {
    try {
      path = decodeURIComponent(new URL(path).pathname);
    } catch {
      return undefined;
    }
  }
  if (!isImageName(path) || path.includes('"')) return undefined;
  return /\s/.test(path) ? `@"${path}"` : `@${path}`;
}
