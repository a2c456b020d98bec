import { Agent } from 'tack/agent';
import { createModels, fauxProvider, fauxAssistantMessage, fauxToolCall, fauxText } from 'tack/ai';
import { Type } from 'typebox';
const faux = fauxProvider();
const models = createModels();
models.setProvider(faux.provider);
faux.setResponses([
  fauxAssistantMessage([fauxToolCall('add', { a: 17, b: 25 })], { stopReason: 'toolUse' }),
  fauxAssistantMessage([fauxText('17 + 25 = 42。')]),
]);
const addTool = {
  name: 'add',
  label: 'Add',
  description: 'Add two numbers',
  parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
  execute: async (toolCallId, params) => ({ content: [{ type: 'text', text: String(params.a + params.b) }], details: {} }),
};
const agent = new Agent({
  initialState: { systemPrompt: 'You are helpful.', model: faux.getModel(), tools: [addTool] },
  streamFn: models.streamSimple.bind(models),
});
agent.subscribe((event) => {
  if (event.type === 'message_update') return;
  if (event.type === 'tool_execution_end') {
    console.log(`[${event.type}] add ->`, event.result.content[0].text);
    return;
  }
  console.log(`[${event.type}]`, event.message?.role ?? '');
});
await agent.prompt('17 加 25 等于几？');
console.log('对话记录:', agent.state.messages.map((m) => m.role).join(' -> '));
