// A tool loop sends the whole conversation at every step; what the request builder does on top of
// serialising it must not walk every earlier message again (step 900 cost three times step 100).
// Through the real Agent, the OpenAI adapter and the scripted server over HTTP: every message the
// model is sent is watched, and each request that reads a message's content is noted.
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent, type AgentMessage, type AgentTool } from '../../src/agent/index.js';
import { createModels } from '../../src/ai/models.js';
import { buildChatParams } from '../../src/ai/openai/messages.js';
import { openaiProvider } from '../../src/ai/openai/provider.js';
import type { Message } from '../../src/ai/types.js';
import { type MockServer, startMockServer } from '../support/mock-openai-server.js';

const STEPS = 60;

const noteTool: AgentTool<any> = {
  name: 'note',
  label: 'note',
  description: 'notes a number',
  parameters: Type.Object({ n: Type.Number() }),
  execute: async (_id, p: { n: number }) => ({ content: [{ type: 'text', text: `noted ${p.n}` }] }),
};

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A model that asks for one `note` per answer until STEPS were made, then says done. */
async function loopServer(): Promise<MockServer> {
  return startMockServer({
    forever: (request) => {
      const done = request.body.messages.filter((m: { role: string }) => m.role === 'tool').length;
      if (done >= STEPS) return { text: 'done' };
      return { toolCalls: [{ name: 'note', arguments: { n: done } }], reasoning: `step ${done}` };
    },
  });
}

/**
 * Each message wrapped once (the same object in every request, as the Agent keeps it), noting in
 * which requests its content was read; `request` counts the model calls.
 */
function watcher() {
  const readIn = new Map<object, Set<number>>();
  const wrapped = new WeakMap<object, AgentMessage>();
  let request = 0;
  const watch = (m: AgentMessage): AgentMessage => {
    let w = wrapped.get(m);
    if (!w) {
      readIn.set(m, new Set());
      w = new Proxy(m, {
        get(target, key, receiver) {
          if (key === 'content') readIn.get(target)!.add(request);
          return Reflect.get(target, key, receiver);
        },
      });
      wrapped.set(m, w);
    }
    return w;
  };
  return {
    readIn,
    transformContext: async (messages: AgentMessage[]) => {
      request++;
      return messages.map(watch);
    },
    requests: () => request,
  };
}

describe('a long tool loop over the OpenAI adapter', () => {
  it('reads each message once, for the request that first sends it, and sends what a fresh conversion would', async () => {
    server = await loopServer();
    const provider = openaiProvider({ baseUrl: server.url, models: [{ id: 'mock-model' }] });
    const models = createModels();
    models.setProvider(provider);
    const model = provider.getModel('mock-model');
    const w = watcher();
    const agent = new Agent({
      initialState: { systemPrompt: 'test', model, tools: [noteTool] },
      streamFn: models.streamSimple.bind(models),
      transformContext: w.transformContext,
    });
    await agent.prompt('note the numbers');

    const messages = agent.state.messages as Message[];
    expect(w.requests()).toBe(STEPS + 1);
    expect(messages).toHaveLength(1 + 2 * STEPS + 1);
    // every message but the last answer went out, and only the request that first sent it read it
    const reads = messages.slice(0, -1).map((m) => [...w.readIn.get(m)!]);
    expect(reads.every((requests) => requests.length === 1)).toBe(true);
    // the messages of step k (its answer and result) were first sent in request k + 2
    expect(reads.slice(1, 5)).toEqual([[2], [2], [3], [3]]);

    // what was sent is what converting the whole conversation anew gives (copies: nothing kept applies)
    const chats = server.chatRequests();
    const last = chats.at(-1)!.body.messages;
    const fresh = buildChatParams(model, { systemPrompt: 'test', messages: structuredClone(messages.slice(0, -1)) }).messages;
    expect(last).toEqual(JSON.parse(JSON.stringify(fresh)));
    // and each request is the one before it plus the step's two messages
    for (let k = 1; k < chats.length; k++) expect(chats[k]!.body.messages.slice(0, -2)).toEqual(chats[k - 1]!.body.messages);
  });
});
