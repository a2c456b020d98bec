// The pure parts of the MCP client, one row per case: tool names, ${VAR} expansion, entries,
// results, and the approval policy for MCP tools.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/config/errors.js';
import { checkEntry, collectMcpServers, expandVars } from '../../src/config/mcp-servers.js';
import { usableSchema } from '../../src/extensions/mcp/tool-schema.js';
import { toolNames } from '../../src/extensions/mcp/names.js';
import { promptArguments } from '../../src/extensions/mcp/prompts.js';
import { findMentions, resourceText } from '../../src/extensions/mcp/resources.js';
import { convertResult } from '../../src/extensions/mcp/results.js';
import { SessionGrants, decide, parseRules, type PolicyMode } from '../../src/session/permissions/index.js';

describe('tool names for the model', () => {
  it.each([
    [{ server: 'github', tool: 'create_issue' }, 'mcp__github__create_issue'],
    [{ server: 'my.server', tool: 'get data/now' }, 'mcp__my_server__get_data_now'],
    [{ server: 's', tool: 'ünïcode' }, 'mcp__s___n_code'],
    [{ server: 's', tool: '' }, 'mcp__s___'],
  ])('%o -> %s', (key, name) => {
    expect(toolNames([key])).toEqual([name]);
  });

  it('long names are cut to 64 characters with a hash, so two long names stay apart', () => {
    const a = { server: 'server', tool: `${'x'.repeat(80)}a` };
    const b = { server: 'server', tool: `${'x'.repeat(80)}b` };
    const [na, nb] = toolNames([a, b]);
    expect(na!.length).toBe(64);
    expect(nb!.length).toBe(64);
    expect(na).not.toBe(nb);
    for (const n of [na, nb]) expect(n).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('collisions are settled by the original names, whatever order the servers answered in', () => {
    const keys = [
      { server: 's', tool: 'a_b' },
      { server: 's', tool: 'a.b' },
      { server: 's', tool: 'a b' },
    ];
    const names = toolNames(keys);
    expect(names).toEqual(['mcp__s__a_b_3', 'mcp__s__a_b_2', 'mcp__s__a_b']);
    expect(toolNames([...keys].reverse())).toEqual([...names].reverse());
  });
});

describe('${VAR} expansion', () => {
  const env = { HOST: 'db.local', EMPTY: '' };
  it.each([
    ['${HOST}:5432', 'db.local:5432', undefined],
    ['${PORT:-5432}', '5432', undefined],
    ['${EMPTY:-fallback}', 'fallback', undefined],
    ['${HOST:-other}', 'db.local', undefined],
    ['$HOST stays', '$HOST stays', undefined],
    ['${MISSING}/x', '/x', 'MISSING'],
  ])('%s -> %s', (text, value, missing) => {
    expect(expandVars(text, env)).toEqual({ value, missing });
  });

  it('in command, args, env, url and headers; a missing variable marks the server, not tack', () => {
    const stdio = checkEntry('s', { command: '${BIN}', args: ['--db', '${HOST}'], env: { TOKEN: '${TOKEN:-none}' } }, 'f.json', '/w', {
      BIN: 'srv',
      HOST: 'h',
    });
    expect(stdio).toMatchObject({ transport: 'stdio', command: 'srv', args: ['--db', 'h'], env: { TOKEN: 'none' } });
    expect(stdio.problem).toBeUndefined();
    const http = checkEntry('r', { type: 'http', url: 'https://${HOST}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } }, 'f.json', '/w', { HOST: 'h' });
    expect(http).toMatchObject({ transport: 'http', url: 'https://h/mcp' });
    expect(http.problem).toBe('${TOKEN} is not set (write ${TOKEN:-default} for a default)');
  });
});

describe('entries', () => {
  const bad: [string, unknown, string][] = [
    ['typo', { comand: 'x' }, 'the MCP server "typo" in f.json has a problem'],
    ['url-only', { url: 'https://x' }, 'has a "url" but no "type"; add "type": "http"'],
    ['seconds', { command: 'x', timeout: 30 }, '"timeout" is in milliseconds'],
    ['bad name!', { command: 'x' }, 'a server name may hold only letters'],
    ['kind', { type: 'websocket', url: 'ws://x' }, 'has a problem'],
  ];
  it.each(bad)('%s: %o is refused with the file and the entry named', (name, entry, message) => {
    expect(() => checkEntry(name, entry, 'f.json', '/w', {})).toThrow(UsageError);
    expect(() => checkEntry(name, entry, 'f.json', '/w', {})).toThrow(message);
  });

  it('a later source replaces an entry of the same name whole; the list is sorted by name', () => {
    const specs = collectMcpServers(
      [
        { path: 'user.json', servers: { b: { command: 'one', args: ['x'] }, a: { command: 'a' } } },
        { path: 'flag.json', servers: { b: { type: 'http', url: 'http://127.0.0.1:1/mcp', disabled: true } } },
      ],
      '/w',
      {},
    );
    expect(specs.map((s) => [s.name, s.transport, s.source, s.disabled])).toEqual([
      ['a', 'stdio', 'user.json', false],
      ['b', 'http', 'flag.json', true],
    ]);
  });
});

describe('results', () => {
  const d = { server: 's', tool: 't' };
  it('isError stays an error; structured content is JSON when there is no text', () => {
    expect(convertResult({ content: [{ type: 'text', text: 'boom' }], isError: true }, d)).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'boom' }],
    });
    const structured = convertResult({ content: [], structuredContent: { temperature: 21 } }, d);
    expect(structured.content).toEqual([{ type: 'text', text: '{\n  "temperature": 21\n}' }]);
  });

  it('embedded resources: text shown, binary described; audio described', () => {
    const r = convertResult(
      {
        content: [
          { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' } },
          { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA' } },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        ],
      },
      d,
    );
    expect(r.content).toEqual([
      {
        type: 'text',
        text: 'Resource file:///a.txt (text/plain):\nhello\n[binary resource file:///b.bin (unknown type, 3 B); not shown]\n[the tool returned audio (audio/wav); tack does not pass audio to the model]',
      },
    ]);
  });

  it('an image that is not an image type is described, not passed on', () => {
    const r = convertResult({ content: [{ type: 'image', data: 'AAAA', mimeType: 'text/html' }] }, d);
    expect(r.content).toEqual([{ type: 'text', text: '[the tool returned an image (text/html) too large or malformed to pass on]' }]);
  });

  it('an empty result says so', () => {
    expect(convertResult({ content: [] }, d).content).toEqual([{ type: 'text', text: '(the tool returned nothing)' }]);
  });
});

describe('schemas', () => {
  it('a schema tack cannot use becomes "any object" (the server still checks)', () => {
    expect(usableSchema({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(usableSchema(undefined)).toEqual({ type: 'object', additionalProperties: true });
    expect(usableSchema({ type: 'string' })).toEqual({ type: 'object', additionalProperties: true });
  });
});

describe('approvals for MCP tools', () => {
  const MODES: PolicyMode[] = ['ask', 'auto-edit', 'auto', 'yolo'];
  type Lists = { allow?: string[]; ask?: string[]; deny?: string[] };
  const decisions = (tool: string, lists: Lists = {}, hints: { readOnlyHint?: boolean; trustReadOnlyHints?: boolean } = {}) =>
    MODES.map((mode) => decide(tool, {}, { mode, rules: parseRules(lists, '/h'), grants: new SessionGrants(), cwd: '/w', home: '/h', ...hints }).kind);

  it.each<[string, Lists, object, string[]]>([
    ['mcp__gh__create_issue', {}, {}, ['ask', 'ask', 'ask', 'allow']],
    ['mcp__gh__create_issue', { allow: ['mcp__gh__create_issue'] }, {}, ['allow', 'allow', 'allow', 'allow']],
    ['mcp__gh__create_issue', { allow: ['mcp__gh__*'] }, {}, ['allow', 'allow', 'allow', 'allow']],
    ['mcp__gh__create_issue', { allow: ['mcp__gh'] }, {}, ['allow', 'allow', 'allow', 'allow']],
    ['mcp__gh__create_issue', { allow: ['mcp__other__*'] }, {}, ['ask', 'ask', 'ask', 'allow']],
    ['mcp__gh__create_issue', { allow: ['mcp__gh__create'] }, {}, ['ask', 'ask', 'ask', 'allow']],
    ['mcp__gh__create_issue', { allow: ['mcp__gh__*'], deny: ['mcp__gh__create_issue'] }, {}, ['deny', 'deny', 'deny', 'deny']],
    ['mcp__gh__create_issue', { allow: ['mcp__gh__*'], ask: ['mcp__gh__create_*'] }, {}, ['ask', 'ask', 'ask', 'ask']],
    ['mcp__gh__list_issues', {}, { readOnlyHint: true }, ['ask', 'ask', 'ask', 'allow']],
    ['mcp__gh__list_issues', {}, { readOnlyHint: true, trustReadOnlyHints: true }, ['allow', 'allow', 'allow', 'allow']],
    ['mcp__my_srv__t', { allow: ['mcp__my.srv__t'] }, {}, ['allow', 'allow', 'allow', 'allow']],
    // a rule for the built-in bash says nothing about a server's tool called bash
    ['mcp__evil__bash', { allow: ['bash'] }, {}, ['ask', 'ask', 'ask', 'allow']],
  ])('%s with %o %o: %o', (tool, lists, hints, expected) => {
    expect(decisions(tool, lists, hints)).toEqual(expected);
  });

  it('a rule that is not an MCP tool name is still refused with the usual sentence', () => {
    expect(() => parseRules({ allow: ['mcp_gh'] }, '/h')).toThrow('is not understood');
  });
});

describe('prompt arguments', () => {
  const prompt = {
    name: 'p',
    arguments: [
      { name: 'city', required: true },
      { name: 'note', required: false },
    ],
  };
  it.each<[string, object]>([
    ['Paris', { args: { city: 'Paris' } }],
    ['city=Paris note="bring an umbrella"', { args: { city: 'Paris', note: 'bring an umbrella' } }],
    ['Paris bring an umbrella', { args: { city: 'Paris', note: 'bring an umbrella' } }],
    ['note=x', { missing: ['city'] }],
    ['', { missing: ['city'] }],
  ])('%s -> %o', (typed, expected) => {
    expect(promptArguments(prompt, typed)).toEqual(expected);
  });
});

describe('resource mentions', () => {
  it('finds @server:uri for configured servers only, once each, without trailing punctuation', () => {
    expect(findMentions('see @docs:file:///a.md, and @docs:file:///a.md. also @nope:x and mail@docs:y', ['docs'])).toEqual([
      { server: 'docs', uri: 'file:///a.md' },
    ]);
  });

  it('a resource becomes a block: text cleaned, binary described', () => {
    expect(
      resourceText('s', 'u://1', [
        { uri: 'u://1', text: 'a\x1b[31mb' },
        { uri: 'u://2', blob: 'AAAA', mimeType: 'image/png' },
      ]),
    ).toBe('<resource server="s" uri="u://1">\nab\n[binary content u://2 (image/png, 3 B); not shown]\n</resource>');
  });
});
