// Each child counts its own repeated calls: three children started side by side that all begin with
// the same look around are three models doing one thing each, not one model stuck in a loop.
import { expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import type { RecordedRequest, Turn } from '../support/mock-openai-server.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const server = scriptedServers();

const hasToolResult = (r: RecordedRequest) => r.body.messages.some((m: any) => m.role === 'tool');
const task = (id: string, prompt: string) => ({ id, name: 'task', arguments: { description: 'look', prompt } });

it('three parallel children with the same first call all run it; the parent gets three reports', async () => {
  // a child's first request calls ls; its second reports what ls printed
  const child: Turn = (request) =>
    hasToolResult(request)
      ? { text: `saw ${toolResultText(request).includes('marker.txt') ? 'marker' : 'nothing'}` }
      : { toolCalls: [{ name: 'ls', arguments: {} }] };
  const s = await server([
    { toolCalls: [task('call_a', 'job A'), task('call_b', 'job B'), task('call_c', 'job C')] },
    child,
    child,
    child,
    child,
    child,
    child,
    { text: 'all done' },
  ]);
  const { dir, home } = makeProject({ 'marker.txt': 'x\n' });
  const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'look three ways'], { cwd: dir, home });
  expect(r.stderr).not.toContain('stuck');
  expect(r.code).toBe(0);
  expect(r.stdout).toBe('all done\n');
  expect(toolResultText(s.chatRequests().at(-1)!)).toBe('saw marker\nsaw marker\nsaw marker');
});
