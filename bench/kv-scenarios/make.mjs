// Writes the scenarios of bench/kv-cache.bench.mjs (the JSON files beside this one, for the scripted
// mock behind kv-sim: see the mock's README for the format). After a change here:
// `node bench/kv-scenarios/make.mjs && npx biome format --write bench/kv-scenarios`. The files they
// read are the bench's scratch project (src/store/s00..s17.ts, ~16 KB each; src/util/u00..u07.ts,
// ~3 KB each; test/store.test.ts; README.md; package.json).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = (name) => fileURLToPath(new URL(`${name}.json`, import.meta.url));
const write = (name, scenario) => writeFileSync(out(name), `${JSON.stringify({ model: 'local-model', conversationKey: 'global', ...scenario }, null, 2)}\n`);
const call = (name, args) => ({ name, arguments: args });
const step = (text, ...calls) => ({ text, toolCalls: calls });
const store = (i) => `src/store/s${String(i).padStart(2, '0')}.ts`;
const util = (i) => `src/util/u${String(i).padStart(2, '0')}.ts`;
// the summary request before issue 51 (its own system prompt) and after it (an instruction ending the conversation)
const SUMMARISER = 'You are summarising the earlier part';
const COMPACTION = '[Compaction] Pause the work';

// one agent, 30 tool steps (looking around, reading small files and parts of big ones), then the answer
const oneAgent = [
  step('Let me see how the project is laid out.', call('ls', {})),
  step('', call('ls', { path: 'src' })),
  step('', call('find', { pattern: '**/*.ts' })),
  step('The limits look like they are checked in the util modules; searching for them.', call('grep', { pattern: 'Limit\\)', path: 'src/util' })),
];
for (let i = 0; i < 8; i++) oneAgent.push(step(i === 0 ? 'Reading the util modules one by one.' : '', call('read', { path: util(i) })));
oneAgent.push(step('Now the store side: where is a flush retried?', call('grep', { pattern: 'retry', path: 'src/store', glob: '*.ts' })));
for (let i = 0; i < 6; i++) oneAgent.push(step('', call('read', { path: store(i), offset: 1, limit: 60 })));
oneAgent.push(step('', call('grep', { pattern: 'flush', path: 'src', ignore_case: true, limit: 40 })));
for (let i = 6; i < 12; i++) oneAgent.push(step('', call('read', { path: store(i), offset: 40, limit: 60 })));
oneAgent.push(step('Checking the tests for the flush path.', call('read', { path: 'test/store.test.ts' })));
oneAgent.push(step('', call('grep', { pattern: 'throw new Error', path: 'src/util', context: 1, limit: 20 })));
oneAgent.push(step('', call('read', { path: 'package.json' })));
oneAgent.push(step('', call('read', { path: 'README.md' })));
if (oneAgent.length !== 30) throw new Error(`one-agent: ${oneAgent.length} steps, not 30`);
oneAgent.push({ generateText: { chars: 1400, seed: 11 } });
write('one-agent', { description: 'One agent: 30 tool steps, then the answer.', turns: oneAgent });

// an MCP server that connects while the model writes its first answer (2.5 s, as a local model's first
// answer takes), in the same 30-step run
write('mcp-late', {
  description: 'The one-agent run, its first answer 2.5 s late: the MCP server that was not ready for the first request connects meanwhile.',
  turns: oneAgent.map((t, i) => (i === 0 ? { ...t, delayMsFirstByte: 2500 } : t)),
});

// a parent at ~15k tokens hands one job to a child, then three at once; each child reads and reports
{
  const job = (i) => `Read ${store(i)} and summarise what each exported function does, one line each; check ${store(i + 5)}, which uses it, too.`;
  const turns = [
    step("I'll read the core store modules first.", call('read', { path: store(0) })),
    step('', call('read', { path: store(1) })),
    step('', call('grep', { pattern: 'import .* from', path: 'src/store', limit: 30 })),
    step('', call('read', { path: util(1) })),
    step(
      'Handing the search for throwing limit checks to an explore agent.',
      call('task', {
        description: 'find limit checks',
        prompt:
          'Find every function in src/util that throws when a limit is exceeded, and which store modules (start with s06 and s07) call them. Report each as file:function, one per line.',
      }),
    ),
    step(
      'Three more modules to summarise; running them side by side.',
      ...[3, 4, 5].map((i) => call('task', { description: `summarise s0${i}`, prompt: job(i) })),
    ),
    { generateText: { chars: 1800, seed: 21 } },
  ];
  // a child is told by its job (the last user message, whether it starts afresh or as a fork of the
  // parent), its step by what the last tool result shows; the later steps are checked first
  const child = (name, key, steps, seed) => {
    const rules = [{ name: `child-${name}-0`, match: { lastUserMessageContains: key, lastMessageRole: 'user' }, text: '', toolCalls: [steps[0].call] }];
    for (let k = 1; k <= steps.length; k++) {
      const match = { lastUserMessageContains: key, lastMessageRole: 'tool', lastMessageContains: steps[k - 1].shows };
      if (k < steps.length) rules.push({ name: `child-${name}-${k}`, match, text: '', toolCalls: [steps[k].call] });
      else rules.push({ name: `child-${name}-report`, match, generateText: { chars: 900, seed } });
    }
    return rules.reverse();
  };
  const read = (path) => ({ call: call('read', { path }), shows: `// ${path.slice(-6, -3)}: the` });
  const grepUtil = { call: call('grep', { pattern: 'throw new Error', path: 'src/util' }), shows: 'src/util/u0' };
  const sideRequests = [
    ...child('limits', 'throws when a limit', [grepUtil, read(util(3)), read(store(6)), read(store(7))], 31),
    ...[3, 4, 5].flatMap((i) => {
      const grep = { call: call('grep', { pattern: `VERSION_S0${i}|from ./s0${i}`, path: 'src' }), shows: `${store(i)}:4:` };
      return child(`s0${i}`, store(i), [read(store(i)), grep, read(store(i + 5))], 31 + i);
    }),
  ];
  write('children', { description: 'A parent at ~15k tokens: one task call, then three in one message; each child reads 2-4 files.', turns, sideRequests });
}

// a long reading task: 18 big files, one after another (in a 32k window)
{
  const turns = [];
  for (let i = 0; i < 18; i++) turns.push(step(i === 0 ? 'Reading the store modules in order.' : '', call('read', { path: store(i) })));
  turns.push({ generateText: { chars: 2400, seed: 41 } });
  // the summary names the modules read so far: one answer per newest module the summarised part holds
  // (the first rule that matches wins), so no two summaries are the same
  const summary = (n) =>
    '## Goal\n- Read every module in src/store/ in order and summarise the job of each one.\n\n## Progress\n' +
    Array.from(
      { length: n + 1 },
      (_, i) => `- \`${store(i)}\`: store module ${i}; its functions check their limit and throw past it; a failed flush is retried.\n`,
    ).join('') +
    `\n## Next\n- ${n < 17 ? `Read ${store(n + 1)} and the rest in order.` : 'Write the summary of each module.'}\n`;
  const sideRequests = [];
  for (const [style, marker] of [
    ['summary', SUMMARISER],
    ['summary-cont', COMPACTION],
  ]) {
    for (let i = 17; i >= 0; i--)
      sideRequests.push({ name: `${style}-s${String(i).padStart(2, '0')}`, match: { anyMessageContains: [marker, store(i)] }, text: summary(i) });
    sideRequests.push({ name: style, match: { anyMessageContains: marker }, text: summary(0) });
  }
  write('long-read', {
    description: 'Read 18 big modules one after another, then answer; the summary requests compaction makes are answered aside.',
    turns,
    sideRequests,
  });
}

// plan mode: explore, present the plan, approved (auto-edit), carry it out
{
  const plan =
    '## Plan\n\n1. `src/store/s00.ts`: raise the flush limit (bump `VERSION_S00` to 2 so callers see the change).\n' +
    '2. `src/util/u02.ts`: bump `VERSION_U02` to 2 to match.\n3. Check the callers in s06-s08 and bump the ones that cache the limit.\n4. Read s00 back.\n';
  const bump = (path, name) => call('edit', { path, old_text: `export const ${name} = 1;`, new_text: `export const ${name} = 2;` });
  write('plan', {
    description: 'Plan mode: four reads, exit_plan_mode, then (approved) edits and more reads.',
    turns: [
      step('Reading the store module that owns the flush limit.', call('read', { path: store(0) })),
      step('', call('grep', { pattern: 'Limit = ', path: 'src/util' })),
      step('', call('read', { path: util(2) })),
      step('', call('read', { path: store(1), offset: 1, limit: 80 })),
      step('', call('exit_plan_mode', { plan })),
      step('Approved; carrying it out.', bump(store(0), 'VERSION_S00')),
      step('', bump(util(2), 'VERSION_U02')),
      step('Checking the modules that read the limit.', call('read', { path: store(6) })),
      step('', call('read', { path: store(7) })),
      step('', call('grep', { pattern: 'flush', path: 'src/store', ignore_case: true, limit: 40 })),
      step('', call('read', { path: store(8) })),
      step('', bump(store(6), 'VERSION_S06')),
      step('', call('read', { path: 'test/store.test.ts' })),
      step('', call('read', { path: store(0), offset: 1, limit: 10 })),
      { text: 'Raised the flush limit: `VERSION_S00`, `VERSION_U02` and `VERSION_S06` are now 2; s07 and s08 need no change.' },
    ],
  });

  // one run edits a file; `tack -c` in a new process asks a follow-up (its turns follow on)
  write('continue', {
    description: 'Run 1 reads and edits; run 2 (tack -c, a new process) reads and edits another file.',
    turns: [
      step('Reading the module first.', call('read', { path: store(0) })),
      step('', call('read', { path: util(2) })),
      step('', bump(util(2), 'VERSION_U02')),
      { text: 'Bumped `VERSION_U02` in src/util/u02.ts to 2.' },
      step('', call('read', { path: util(3) })),
      step('', bump(util(3), 'VERSION_U03')),
      { text: 'Bumped `VERSION_U03` in src/util/u03.ts to 2 as well.' },
    ],
  });
}
