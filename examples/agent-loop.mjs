// The low-level loop: agentLoop over a context you own, a steering message injected from a queue
// after the first tool batch, every event printed. Runs offline on the faux provider.
import { agentLoop } from 'tack/agent';
import { fauxProvider, fauxAssistantMessage, fauxToolCall, fauxText } from 'tack/ai';
import { Type } from 'typebox';

const faux = fauxProvider();
faux.setResponses([
  fauxAssistantMessage([fauxToolCall('add', { a: 17, b: 25 })]),
  (context) => {
    const last = context.messages.at(-1);
    return fauxAssistantMessage([fauxText(last.role === 'user' ? `42, and in words: ${last.content === 'in words too' ? 'forty-two' : '?'}` : '42')]);
  },
]);

const addTool = {
  name: 'add',
  label: 'Add',
  description: 'Add two numbers',
  parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
  execute: async (_id, p) => {
    // the user types a correction while the tool runs
    steering.push({ role: 'user', content: 'in words too', timestamp: Date.now() });
    return { content: [{ type: 'text', text: String(p.a + p.b) }], details: {} };
  },
};

// What the user typed while the agent worked; the loop asks for it after each tool batch.
const steering = [];
const context = { systemPrompt: 'You are helpful.', messages: [], tools: [addTool] };
const config = {
  model: faux.getModel(),
  convertToLlm: (messages) => messages.filter((m) => ['user', 'assistant', 'toolResult'].includes(m.role)),
  getSteeringMessages: async () => steering.splice(0),
};

const prompt = { role: 'user', content: 'What is 17 + 25?', timestamp: Date.now() };
const stream = agentLoop([prompt], context, config, undefined, faux.provider.stream);
for await (const event of stream) {
  if (event.type === 'message_update') continue;
  const what = event.message ? ` ${event.message.role}` : event.type.startsWith('tool_') ? ` ${event.toolName}` : '';
  console.log(`[${event.type}]${what}`);
}
const added = await stream.result();
console.log('new messages:', added.map((m) => m.role).join(' -> '));
console.log('answer:', added.at(-1).content[0].text);
