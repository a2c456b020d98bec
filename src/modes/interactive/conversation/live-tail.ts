// The streaming tail of an answer, rendered for the live region. Only its last source lines are
// rendered, so a long unfinished block (a big code fence) costs the same every frame.
import { stepFence, type FenceState } from '../markdown/blocks.js';
import { renderMarkdown } from '../markdown/render.js';
import { s } from '../text/style.js';
import { aboveMarker } from '../view/live.js';

export function tailForLive(text: string, width: number, maxLines: number): string[] {
  if (!text.trim()) return [];
  const source = text.split('\n');
  const keep = Math.max(8, maxLines * 2);
  if (source.length <= keep) return renderMarkdown(text, { width, highlight: false });
  // Cut at a line, reopening a code fence that the cut would leave open.
  const cut = source.length - keep;
  const state: FenceState = { open: null };
  for (let i = 0; i < cut; i++) stepFence(state, source[i]!);
  const tail = source.slice(cut).join('\n');
  const lines = renderMarkdown(state.open ? `${state.open}\n${tail}` : tail, { width, highlight: false });
  return [s.gray(aboveMarker(cut)), ...lines];
}
