// The setup screen as the CLI runs it: the probed ports from the environment, the user's own
// settings file, and the model list of the server typed in.
import { join } from 'node:path';
import { probeTargets } from '../../../config/probe.js';
import { probedServers } from '../../../config/server-setup.js';
import { listModelsAt } from '../../../session/setup/model-setup.js';
import { runServerSetup } from './server-setup.js';

/** True once a server is saved in `$TACK_HOME/config.json`; false when the user left. */
export async function setUpFirstServer(env: NodeJS.ProcessEnv, home: string): Promise<boolean> {
  const answer = await runServerSetup({
    stdin: process.stdin,
    stdout: process.stdout,
    env,
    configPath: join(home, 'config.json'),
    probed: probedServers(probeTargets(env)),
    listModels: listModelsAt,
  });
  return answer === 'saved';
}
