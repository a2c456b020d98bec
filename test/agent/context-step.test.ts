// The Agent's contract with its owner (the Session): the transcript is read-only from outside and
// replaced only between turns, the owner's `prepareContext` step runs before each model call and once
// after a context overflow, a `beforeToolCall` block can end the run, and tool ends carry their arguments.
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { Agent, type AgentEvent, type AgentMessage, type AgentTool, type PrepareContext } from '../../src/agent/index.js';
import { AssistantMessageEventStream, newAssistantMessage, type Context, type Message, type Model, type StreamFn } from '../../src/ai/index.js';

const model: Model = { id: 'm', name: 'm', provider: 'test', baseUrl: 'test://', contextWindow: 1000, maxTokens: 100, prices: null, reasoning: false };

type Answer = { text: string } | { overflow: true } | { tool: string; args: Record<string, unknown> };

/** A stream function that answers from a script and records what each call was sent. */
function scripted(answers: Answer[]) {
  const sent: Context[] = [];
  const streamFn: StreamFn = (_model, context) => {
    sent.push({ ...context, messages: [...context.messages] });
    const out = new AssistantMessageEventStream();
    const answer = answers.shift() ?? { text: 'no answer left' };
    const partial = newAssistantMessage('test', 'm');
    queueMicrotask(() => {
      out.push({ type: 'start', partial });
      if ('overflow' in answer) {
        partial.stopReason = 'error';
        partial.errorKind = 'context_overflow';
        partial.errorMessage = 'maximum context length exceeded';
        out.push({ type: 'error', reason: 'error', error: partial, partial });
        return;
      }
      if ('tool' in answer) {
        partial.content.push({ type: 'toolCall', id: `call_${sent.length}`, name: answer.tool, arguments: answer.args });
        partial.stopReason = 'toolUse';
      } else {
        partial.content.push({ type: 'text', text: answer.text });
        partial.stopReason = 'stop';
      }
      out.push({ type: 'text_start', contentIndex: 0, partial });
      out.push({ type: 'done', reason: partial.stopReason, message: partial });
    });
    return out;
  };
  return { streamFn, sent };
}

const user = (text: string): Message => ({ role: 'user', content: text, timestamp: 0 });
const texts = (messages: readonly Message[]) =>
  messages.map((m) =>
    m.role === 'user' ? (m.content as string) : m.role === 'assistant' ? m.content.map((c) => (c.type === 'text' ? c.text : c.type)).join('') : 'result',
  );

const echo: AgentTool<any> = {
  name: 'echo',
  label: 'echo',
  description: 'echoes',
  parameters: Type.Object({ word: Type.String() }),
  execute: async (_id, params: { word: string }) => ({ content: [{ type: 'text', text: params.word }] }),
};

describe('the transcript belongs to the Agent', () => {
  it('replaceMessages puts a new transcript in place while idle; the state is a read-only view', () => {
    const agent = new Agent({ initialState: { systemPrompt: 's', model, messages: [user('old')] }, streamFn: scripted([]).streamFn });
    const mine = [user('summary'), user('kept')];
    agent.replaceMessages(mine);
    mine.push(user('later'));
    expect(texts(agent.state.messages)).toEqual(['summary', 'kept']);
  });

  it('cannot be replaced while a tool runs', async () => {
    let caught = '';
    let agent: Agent;
    const probe: AgentTool<any> = {
      ...echo,
      execute: async () => {
        try {
          agent.replaceMessages([]);
        } catch (err) {
          caught = (err as Error).message;
        }
        return { content: [{ type: 'text', text: 'ok' }] };
      },
    };
    const { streamFn } = scripted([{ tool: 'echo', args: { word: 'x' } }, { text: 'done' }]);
    agent = new Agent({ initialState: { systemPrompt: 's', model, tools: [probe] }, streamFn });
    await agent.prompt('go');
    expect(caught).toMatch(/only be replaced between turns/);
    expect(agent.state.messages).toHaveLength(4);
  });
});

describe("the owner's step at each model call (prepareContext)", () => {
  it('runs before every model call; a transcript it puts in place is what the model is sent and what stays', async () => {
    const { streamFn, sent } = scripted([{ tool: 'echo', args: { word: 'x' } }, { text: 'done' }]);
    const steps: string[] = [];
    let agent: Agent;
    const prepareContext: PrepareContext = async ({ reason }) => {
      steps.push(reason);
      if (steps.length !== 2) return false;
      agent.replaceMessages([user('SUMMARY'), ...agent.state.messages.slice(-1)]);
      return true;
    };
    agent = new Agent({ initialState: { systemPrompt: 's', model, tools: [echo] }, streamFn, prepareContext });
    await agent.prompt('go');
    expect(steps).toEqual(['turn', 'turn']);
    expect(texts(sent[1].messages)).toEqual(['SUMMARY', 'result']);
    expect(texts(agent.state.messages)).toEqual(['SUMMARY', 'result', 'done']);
  });

  it('an overflow answer is handed to the step once; when it compacts, the call is made again and the overflow leaves no trace', async () => {
    const { streamFn, sent } = scripted([{ overflow: true }, { text: 'recovered' }]);
    const steps: string[] = [];
    const events: AgentEvent[] = [];
    let agent: Agent;
    const prepareContext: PrepareContext = async ({ reason }) => {
      steps.push(reason);
      if (reason !== 'overflow') return false;
      agent.replaceMessages([user('SUMMARY')]);
      return true;
    };
    agent = new Agent({ initialState: { systemPrompt: 's', model, messages: [user('a'), user('b')] }, streamFn, prepareContext });
    agent.subscribe((e) => {
      events.push(e);
    });
    await agent.prompt('go');
    expect(steps).toEqual(['turn', 'overflow']);
    expect(sent).toHaveLength(2);
    expect(texts(sent[1].messages)).toEqual(['SUMMARY']);
    expect(texts(agent.state.messages)).toEqual(['SUMMARY', 'recovered']);
    expect(agent.state.errorMessage).toBeUndefined();
    expect(events.filter((e) => e.type === 'message_start' && e.message.role === 'assistant')).toHaveLength(1);
  });

  it('a second overflow after compacting ends the run with a sentence that says what to do', async () => {
    const { streamFn, sent } = scripted([{ overflow: true }, { overflow: true }]);
    const agent = new Agent({ initialState: { systemPrompt: 's', model }, streamFn, prepareContext: async () => true });
    await agent.prompt('go');
    expect(sent).toHaveLength(2);
    expect(agent.state.errorMessage).toBe(
      "the conversation is too large for m's context window even after compaction (maximum context length exceeded); start a new session or use a model with a larger window",
    );
  });

  it('the step can ask what the next call would send for part of the transcript: the same system prompt, tools and conversion', async () => {
    const { streamFn, sent } = scripted([{ tool: 'echo', args: { word: 'x' } }, { text: 'done' }]);
    let asked: Context | undefined;
    let agent: Agent;
    const prepareContext: PrepareContext = async () => {
      if (agent.state.messages.length === 3) asked = (await agent.request(agent.state.messages.slice(0, 2))).context;
      return false;
    };
    // the transcript as the model sees it: every user message marked
    const transformContext = async (messages: AgentMessage[]) =>
      messages.map((m) => ((m as Message).role === 'user' ? { ...(m as Message), content: `[u] ${(m as { content: string }).content}` } : m));
    agent = new Agent({ initialState: { systemPrompt: 's', model, tools: [echo] }, streamFn, prepareContext, transformContext });
    await agent.prompt('go');
    expect(asked).toEqual({ ...sent[1], messages: sent[1].messages.slice(0, 2) });
    expect(texts(asked!.messages)).toEqual(['[u] go', 'toolCall']);
  });

  it('when the step cannot compact, the overflow stands as it came, without a second request', async () => {
    const { streamFn, sent } = scripted([{ overflow: true }]);
    const agent = new Agent({ initialState: { systemPrompt: 's', model }, streamFn, prepareContext: async () => false });
    await agent.prompt('go');
    expect(sent).toHaveLength(1);
    expect(agent.state.errorMessage).toBe('maximum context length exceeded');
  });
});

describe('tool calls', () => {
  it('a beforeToolCall block with stopRun refuses the call and ends the run after the batch, with that sentence', async () => {
    const { streamFn, sent } = scripted([{ tool: 'echo', args: { word: 'x' } }, { text: 'never asked' }]);
    const agent = new Agent({
      initialState: { systemPrompt: 's', model, tools: [echo] },
      streamFn,
      beforeToolCall: async () => ({ block: true, reason: 'refused: a loop', stopRun: 'stopped: a loop' }),
    });
    const ends: AgentEvent[] = [];
    agent.subscribe((e) => {
      if (e.type === 'agent_end') ends.push(e);
    });
    await agent.prompt('go');
    expect(sent).toHaveLength(1);
    expect(agent.state.errorMessage).toBe('stopped: a loop');
    expect(ends).toMatchObject([{ reason: 'error' }]);
    expect(texts(agent.state.messages)).toEqual(['go', 'toolCall', 'result']);
  });

  it('tool_execution_end carries the call arguments', async () => {
    const { streamFn } = scripted([{ tool: 'echo', args: { word: 'hello' } }, { text: 'done' }]);
    const agent = new Agent({ initialState: { systemPrompt: 's', model, tools: [echo] }, streamFn });
    const ends: unknown[] = [];
    agent.subscribe((e) => {
      if (e.type === 'tool_execution_end') ends.push(e.args);
    });
    await agent.prompt('go');
    expect(ends).toEqual([{ word: 'hello' }]);
  });
});
