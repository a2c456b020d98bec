// The comment tack answers with (pure): its answer, the files it changed and where they were pushed,
// and how it ran (the sandbox, the cost). GitHub renders Markdown, so names go in code spans.

const code = (text) => `\`${String(text).replace(/`/g, "'")}\``;

/**
 * @param {{ answer: string, files: { path: string, status: string }[], branch?: string, compareUrl?: string,
 *   sandbox: string, sandboxNote?: string, cost?: number | null, failure?: string }} r
 */
export function commentBody(r) {
  const parts = [];
  if (r.failure) parts.push(`**tack could not finish:** ${r.failure}`);
  if (r.answer) parts.push(r.answer);
  if (r.files.length > 0) {
    const where = r.branch ? ` (pushed to ${r.compareUrl ? `[${code(r.branch)}](${r.compareUrl})` : code(r.branch)})` : '';
    parts.push([`**Files changed**${where}:`, ...r.files.map((f) => `- ${code(f.path)} (${f.status})`)].join('\n'));
  } else if (!r.failure) parts.push('No files changed.');
  const facts = [`sandbox: ${r.sandbox}`];
  if (typeof r.cost === 'number') facts.push(`cost: $${r.cost.toFixed(4)}`);
  parts.push(`<sub>tack · ${facts.join(' · ')}</sub>`);
  if (r.sandboxNote) parts.push(`> ${r.sandboxNote}`);
  return parts.join('\n\n');
}
