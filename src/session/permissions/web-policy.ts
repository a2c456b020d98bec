// The web tools' part of the policy. A fetch reaches a host the user has not named: it asks in ask
// and auto-edit (naming the host), runs in yolo, and is refused in print mode unless a rule allows
// the host; a host that is private by its name (127.0.0.1, localhost) is refused at once, naming
// the rule that allows it. A search goes to the backend the user configured, so only a deny rule stops it. Pure.
import { privateByName, privateRefusal } from '../../../tools/web/addresses.js';
import { urlHost } from './domain.js';
import type { Decision, PolicyContext } from './decision.js';
import { ruleCovers, type Rule, type RuleList, type Rules } from './rules.js';

function hostRule(rules: Rules, list: RuleList, host: string): Rule | undefined {
  return rules[list].find((r) => ruleCovers(r, 'fetch') && (!r.matcher || r.matcher(host)));
}

/** Whether an allow rule names this host itself (not every host): its private addresses may be fetched. */
export function ruleNamesHost(rules: Rules, host: string): boolean {
  return !hostRule(rules, 'deny', host) && rules.allow.some((r) => ruleCovers(r, 'fetch') && r.matcher?.(host) === true);
}

export function decideWeb(tool: 'fetch' | 'search', args: Record<string, unknown>, ctx: PolicyContext): Decision {
  if (tool === 'search') {
    const denied = ctx.rules.deny.find((r) => ruleCovers(r, 'search'));
    return denied ? { kind: 'deny', message: `refused: searching is denied by the rule "${denied.text}" in permissions.deny` } : { kind: 'allow' };
  }
  const host = urlHost(args.url);
  // not a web address: the tool says so without a request
  if (host === undefined) return { kind: 'allow' };
  const denied = hostRule(ctx.rules, 'deny', host);
  if (denied) return { kind: 'deny', message: `refused: fetching from ${host} is denied by the rule "${denied.text}" in permissions.deny` };
  // a loopback or private address: no answer but a rule naming the host lets the fetch through
  if (privateByName(host) && !ruleNamesHost(ctx.rules, host)) return { kind: 'deny', message: privateRefusal(host) };
  const detail = String(args.url);
  const subject = { type: 'fetch', host } as const;
  const asked = hostRule(ctx.rules, 'ask', host);
  if (asked)
    return {
      kind: 'ask',
      reason: `fetching from a host covered by the rule "${asked.text}" in permissions.ask`,
      needs: 'an answer',
      detail,
      subject,
      routine: false,
    };
  if (hostRule(ctx.rules, 'allow', host) || ctx.grants.allowsHost(host) || ctx.mode === 'yolo') return { kind: 'allow' };
  return {
    kind: 'ask',
    reason: `fetching from ${host}`,
    needs: '--approval yolo or an allow rule',
    detail,
    suggestion: `fetch(domain:${host})`,
    subject,
    routine: true,
  };
}
