// A user's TypeScript project that uses the library entry points as published: the demo's agent with
// a typed tool, run on the faux provider. The `@ts-expect-error` lines fail the check if a type went
// missing or unresolved (an `any` accepts everything, and an unused expectation is an error itself),
// which the usual `skipLibCheck` would otherwise hide.
import { Agent, type AgentTool } from 'tack/agent';
import { type AssistantMessage, createModels, fauxAssistantMessage, fauxProvider, fauxText, fauxToolCall } from 'tack/ai';
import { TOOL_NAMES, createTools } from 'tack/tools';
import * as root from 'tack';
import { Type } from 'typebox';

const params = Type.Object({ a: Type.Number(), b: Type.Number() });
const add: AgentTool<typeof params> = {
  name: 'add',
  label: 'Add',
  description: 'Add two numbers',
  parameters: params,
  execute: async (_id, p) => ({ content: [{ type: 'text', text: String(p.a + p.b) }], details: {} }),
};

const faux = fauxProvider();
const models = createModels();
models.setProvider(faux.provider);
faux.setResponses([fauxAssistantMessage([fauxToolCall('add', { a: 17, b: 25 })], { stopReason: 'toolUse' }), fauxAssistantMessage([fauxText('42')])]);
const agent = new Agent({
  initialState: { systemPrompt: 'You are helpful.', model: faux.getModel(), tools: [add] },
  streamFn: models.streamSimple.bind(models),
});
await agent.prompt('17 + 25?');
const last = agent.state.messages.at(-1) as AssistantMessage;
const tools = createTools({ cwd: process.cwd() });
console.log(JSON.stringify({ answer: last.content, tools: tools.all.map((t) => t.name), names: TOOL_NAMES.length, root: typeof root.Agent }));

/** Never called: what the compiler must refuse. */
export function refused(): void {
  // @ts-expect-error: a tool's parameters are typed
  add.execute('id', { a: 'seventeen', b: 25 });
  // @ts-expect-error: createTools needs its cwd
  createTools({});
}
