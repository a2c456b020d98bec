// Scripted servers for a test file, closed after each test, and what the model was sent back.
import { afterEach } from 'vitest';
import { startMockServer, type MockServer, type MockServerOptions, type RecordedRequest } from './mock-openai-server.js';

/** A `server(turns, options)` for the file; every server it started is closed after each test. */
export function scriptedServers() {
  const servers: MockServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (turns: MockServerOptions['turns'] = [], options: Omit<MockServerOptions, 'turns'> = {}) => {
    const s = await startMockServer({ ...options, turns });
    servers.push(s);
    return s;
  };
}

/** A request's message that is a run's note (the date, the git state; session/prompt/run-note.ts), not the user's words. */
export const isRunNote = (m: any): boolean => m.role === 'user' && typeof m.content === 'string' && m.content.startsWith('<context>\n');

/** The text of the tool results the model received in a request, one per line. */
export const toolResultText = (request: RecordedRequest): string =>
  request.body.messages
    .filter((m: any) => m.role === 'tool')
    .map((m: any) => (typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text).join('')))
    .join('\n');
