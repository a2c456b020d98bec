// `tack --acp`: an Agent Client Protocol agent on stdio (editors such as Zed host it in their agent
// panel). stdout carries protocol messages only: anything else that would write there goes to
// the log, $TACK_HOME/logs/acp.log, as do notes and warnings.
import { Readable, Writable } from 'node:stream';
import { agent, methods, ndJsonStream, PROTOCOL_VERSION, RequestError } from '@agentclientprotocol/sdk';
import { packageVersion, tackHome } from '../../config/paths.js';
import { findSessionById } from '../../session/file/locate.js';
import { AcpSession } from './acp-session.js';
import { acpLog } from './log.js';
import { clientAsksOnWrite } from './permission.js';
import { promptMessage } from './prompt-content.js';
import { claimStdout } from './stdout-claim.js';
import type { WorkspaceFlags } from './workspace-config.js';

export interface AcpOptions extends WorkspaceFlags {
  systemPrompt?: string;
  appendSystemPrompt?: string;
}

/** A failure as the client should show it: tack's sentence, not "Internal error". */
async function plainly<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RequestError) throw error;
    throw new RequestError(-32603, error instanceof Error ? error.message : String(error));
  }
}

export async function runAcp(o: AcpOptions): Promise<number> {
  const log = acpLog(tackHome());
  const { protocol: protocolOut } = claimStdout(log);
  const sessions = new Map<string, AcpSession>();
  let clientFs = { read: false, write: false, asksOnWrite: false };
  const find = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw RequestError.sessionNotFound(id);
    return s;
  };
  const common = { ...o, log };

  const app = agent({ name: 'tack' })
    .onRequest(methods.agent.initialize, ({ params }) => {
      const fs = params.clientCapabilities?.fs;
      clientFs = { read: fs?.readTextFile === true, write: fs?.writeTextFile === true, asksOnWrite: clientAsksOnWrite(params.clientInfo) };
      log(`client ${JSON.stringify(params.clientInfo ?? {})}, protocol ${params.protocolVersion}, file system ${JSON.stringify(clientFs)}`);
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: true, embeddedContext: true },
          mcpCapabilities: { http: true, sse: true },
        },
        agentInfo: { name: 'tack', title: 'tack', version: packageVersion() },
        authMethods: [],
      };
    })
    .onRequest(methods.agent.session.new, ({ params, client }) =>
      plainly(async () => {
        const s = await AcpSession.open({ ...common, cwd: params.cwd, mcpServers: params.mcpServers, client, clientFs });
        sessions.set(s.id, s);
        // after the answer: a client drops updates of a session it does not know yet
        setImmediate(() => void s.advertiseCommands().catch(() => {}));
        return { sessionId: s.id, modes: s.modes() };
      }),
    )
    .onRequest(methods.agent.session.load, async ({ params, client }) => {
      let file: string;
      try {
        file = findSessionById(tackHome(), params.cwd, params.sessionId);
      } catch (error) {
        throw RequestError.invalidParams(undefined, (error as Error).message);
      }
      sessions.get(params.sessionId)?.close();
      return plainly(async () => {
        const s = await AcpSession.open({ ...common, cwd: params.cwd, mcpServers: params.mcpServers, client, clientFs, resumeFile: file });
        sessions.set(s.id, s);
        await s.replayHistory();
        setImmediate(() => void s.advertiseCommands().catch(() => {}));
        return { modes: s.modes() };
      });
    })
    .onRequest(methods.agent.session.prompt, async ({ params }) => ({ stopReason: await find(params.sessionId).prompt(promptMessage(params.prompt)) }))
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      sessions.get(params.sessionId)?.cancel();
    })
    .onRequest(methods.agent.session.setMode, async ({ params }) => {
      if (!(await find(params.sessionId).setMode(params.modeId))) {
        throw RequestError.invalidParams(undefined, `unknown mode ${JSON.stringify(params.modeId)}; the modes are ask, auto-edit, yolo, plan`);
      }
      return {};
    });

  const stream = ndJsonStream(Writable.toWeb(protocolOut) as WritableStream<Uint8Array>, Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>);
  const connection = app.connect(stream);
  log(`tack ${packageVersion()} serving ACP on stdio (pid ${process.pid})`);
  await connection.closed;
  for (const s of sessions.values()) s.close();
  log('the client closed the connection');
  return 0;
}
