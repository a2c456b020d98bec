// The tests talk only to servers they start on 127.0.0.1. A proxy named in the machine's environment
// (ALL_PROXY, HTTPS_PROXY, …) would carry those requests to it, as curl would: the workers, and every
// tack they start, get none. The proxy tests set their own.
export default function setup(): void {
  for (const name of Object.keys(process.env)) if (/^(?:https?|all|no)_proxy$/i.test(name)) delete process.env[name];
}
