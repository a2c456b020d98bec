// The action's inputs, as action.yml hands them to the script (INPUT_* variables), checked: a bad one
// is one sentence, and the run fails before anything is done.

const SANDBOX_MODES = ['required', 'best-effort'];
const ASSOCIATIONS = ['OWNER', 'MEMBER', 'COLLABORATOR', 'CONTRIBUTOR', 'FIRST_TIME_CONTRIBUTOR', 'FIRST_TIMER', 'MANNEQUIN', 'NONE'];

export class InputError extends Error {}

const read = (env, name, fallback = '') => (env[`INPUT_${name}`] ?? '').trim() || fallback;

function positive(env, name, flag) {
  const value = read(env, name);
  if (!value) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InputError(`${flag}: expected a number above 0, not ${JSON.stringify(value)}`);
  return value;
}

/** @param {NodeJS.ProcessEnv} env */
export function readInputs(env) {
  const baseUrl = read(env, 'BASE_URL');
  if (!baseUrl) throw new InputError('base-url is required: the OpenAI-compatible server tack talks to, such as http://127.0.0.1:8080/v1');
  if (!/^https?:\/\//.test(baseUrl)) throw new InputError(`base-url must be an http(s) URL, not ${JSON.stringify(baseUrl)}`);
  const sandbox = read(env, 'SANDBOX', 'required');
  if (!SANDBOX_MODES.includes(sandbox)) throw new InputError(`sandbox must be required or best-effort, not ${JSON.stringify(sandbox)}`);
  const associations = read(env, 'ALLOWED_ASSOCIATIONS', 'OWNER,MEMBER,COLLABORATOR')
    .split(',')
    .map((a) => a.trim().toUpperCase())
    .filter(Boolean);
  const unknown = associations.find((a) => !ASSOCIATIONS.includes(a));
  if (unknown) throw new InputError(`allowed-associations: ${unknown} is not one of GitHub's (${ASSOCIATIONS.join(', ')})`);
  const token = read(env, 'GITHUB_TOKEN') || (env.GITHUB_TOKEN ?? '');
  if (!token) throw new InputError('github-token is empty: the action needs it to comment and push (the default is the workflow token)');
  return {
    baseUrl,
    apiKey: read(env, 'API_KEY'),
    model: read(env, 'MODEL'),
    trigger: read(env, 'TRIGGER', '@tack'),
    associations,
    sandbox,
    prompt: read(env, 'PROMPT'),
    branchPrefix: read(env, 'BRANCH_PREFIX', 'tack/'),
    maxTurns: positive(env, 'MAX_TURNS', 'max-turns'),
    maxBudgetUsd: positive(env, 'MAX_BUDGET_USD', 'max-budget-usd'),
    token,
    tack: read(env, 'TACK'),
  };
}
