// The scripted server's Responses API (`POST /v1/responses`): a scripted turn streamed as OpenAI
// streams a response (response.created, output items with their deltas, response.completed), and a
// stream dropped midway. Status turns, raw turns and hangs are the same as for Chat.
import type { ServerResponse } from 'node:http';
import type { RecordedRequest, StreamTurn } from './mock-openai-server.js';

export interface ResponsesTurnExtras {
  /** the reasoning item's encrypted content (default: one derived from the reasoning text) */
  encryptedReasoning?: string;
  /** reasoning tokens reported in usage */
  reasoningTokens?: number;
}

type Sse = (event: Record<string, unknown> & { type: string }) => void;

function openSse(res: ServerResponse): Sse {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  let sequence = 0;
  return (event) => void res.write(`event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: sequence++ })}\n\n`);
}

function responseObject(model: string, status: string, output: unknown[] = [], usage: unknown = null) {
  return { id: 'resp_mock', object: 'response', created_at: Math.floor(Date.now() / 1000), model, status, output, usage };
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The encrypted content a reasoning item of this turn carries. */
export function encryptedFor(turn: StreamTurn & ResponsesTurnExtras): string {
  return turn.encryptedReasoning ?? `enc:${Buffer.from(turn.reasoning ?? '').toString('base64')}`;
}

export function streamResponsesTurn(turn: StreamTurn & ResponsesTurnExtras, request: RecordedRequest, res: ServerResponse): void {
  const model = String(request.body?.model ?? 'mock-model');
  const size = turn.chunkSize ?? 8;
  const send = openSse(res);
  const output: unknown[] = [];
  send({ type: 'response.created', response: responseObject(model, 'in_progress') });
  send({ type: 'response.in_progress', response: responseObject(model, 'in_progress') });
  if (turn.reasoning !== undefined) {
    const index = output.length;
    const id = `rs_${index}`;
    send({ type: 'response.output_item.added', output_index: index, item: { type: 'reasoning', id, summary: [] } });
    send({ type: 'response.reasoning_summary_part.added', item_id: id, output_index: index, summary_index: 0, part: { type: 'summary_text', text: '' } });
    for (const delta of pieces(turn.reasoning, size))
      send({ type: 'response.reasoning_summary_text.delta', item_id: id, output_index: index, summary_index: 0, delta });
    send({ type: 'response.reasoning_summary_text.done', item_id: id, output_index: index, summary_index: 0, text: turn.reasoning });
    const item = { type: 'reasoning', id, summary: [{ type: 'summary_text', text: turn.reasoning }], encrypted_content: encryptedFor(turn) };
    send({ type: 'response.output_item.done', output_index: index, item });
    output.push(item);
  }
  if (turn.text) {
    const index = output.length;
    const id = `msg_${index}`;
    send({ type: 'response.output_item.added', output_index: index, item: { type: 'message', id, status: 'in_progress', role: 'assistant', content: [] } });
    send({ type: 'response.content_part.added', item_id: id, output_index: index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
    for (const delta of pieces(turn.text, size)) send({ type: 'response.output_text.delta', item_id: id, output_index: index, content_index: 0, delta });
    send({ type: 'response.output_text.done', item_id: id, output_index: index, content_index: 0, text: turn.text });
    const item = { type: 'message', id, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: turn.text, annotations: [] }] };
    send({ type: 'response.output_item.done', output_index: index, item });
    output.push(item);
  }
  for (const [n, call] of (turn.toolCalls ?? []).entries()) {
    const index = output.length;
    const id = `fc_${index}`;
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    const head = { type: 'function_call', id, call_id: call.id ?? `call_${n}`, name: call.name };
    send({ type: 'response.output_item.added', output_index: index, item: { ...head, arguments: '', status: 'in_progress' } });
    for (const delta of pieces(args, size)) send({ type: 'response.function_call_arguments.delta', item_id: id, output_index: index, delta });
    send({ type: 'response.function_call_arguments.done', item_id: id, output_index: index, arguments: args });
    const item = { ...head, arguments: args, status: 'completed' };
    send({ type: 'response.output_item.done', output_index: index, item });
    output.push(item);
  }
  const input = turn.usage?.prompt_tokens ?? Math.ceil(JSON.stringify(request.body?.input ?? []).length / 4);
  const outputTokens = turn.usage?.completion_tokens ?? 10;
  const usage = {
    input_tokens: input,
    input_tokens_details: { cached_tokens: turn.usage?.cached_tokens ?? 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: turn.reasoningTokens ?? 0 },
    total_tokens: input + outputTokens,
  };
  send({ type: 'response.completed', response: responseObject(model, 'completed', output, usage) });
  res.end();
}

/** Starts a message, streams `afterText`, then destroys the socket mid-response. */
export function dropResponsesTurn(afterText: string, request: RecordedRequest, res: ServerResponse): void {
  const model = String(request.body?.model ?? 'mock-model');
  const send = openSse(res);
  send({ type: 'response.created', response: responseObject(model, 'in_progress') });
  send({ type: 'response.output_item.added', output_index: 0, item: { type: 'message', id: 'msg_0', status: 'in_progress', role: 'assistant', content: [] } });
  for (const delta of pieces(afterText, 8)) send({ type: 'response.output_text.delta', item_id: 'msg_0', output_index: 0, content_index: 0, delta });
  // Destroy only after the bytes were flushed, so the client really sees a partial answer.
  res.write('\n', () => setTimeout(() => res.socket?.destroy(), 20));
}
