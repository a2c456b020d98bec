// One ACP session: a tack Session whose events become `session/update` notifications, whose
// questions become `session/request_permission`, and whose edits go through the client's file
// system when the client offers it (so unsaved buffers are what is edited).
import { type AgentContext, type McpServer, RequestError, type SessionModeState, type SessionUpdate, type StopReason } from '@agentclientprotocol/sdk';
import type { AgentEndReason } from '../../agent/types.js';
import type { UserMessage } from '../../ai/types.js';
import { APPROVAL_MODES } from '../../session/permissions/index.js';
import { createSession } from '../../session/create-session.js';
import type { Session } from '../../session/session.js';
import type { EditorFiles } from '../../../tools/index.js';
import { clientMcpServers, withClientServers } from './client-mcp.js';
import { answerOf, leftToClient, permissionRequest } from './permission.js';
import { planUpdate, replay, updatesFor } from './updates.js';
import { workspaceConfig, type WorkspaceFlags } from './workspace-config.js';
import { GoalUpdates } from './goal-updates.js';
import { answerQuestions, type Asker } from '../answer-questions.js';

export interface OpenOptions extends WorkspaceFlags {
  cwd: string;
  mcpServers: McpServer[];
  client: AgentContext;
  /** which of the client's file methods to use, and whether the client asks before each write */
  clientFs: { read: boolean; write: boolean; asksOnWrite?: boolean };
  /** a stored session to continue (its file) */
  resumeFile?: string;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  log: (message: string) => void;
}

const MODE_NAMES: Record<string, string> = {
  ask: 'Ask: edits and commands ask first',
  'auto-edit': 'Auto-edit: edits in the workspace run, commands ask',
  yolo: 'Yolo: nothing asks (deny rules still hold)',
  plan: 'Plan: read-only until you approve a plan (commands see the workspace read-only)',
};

const STOP: Record<AgentEndReason, StopReason> = { done: 'end_turn', aborted: 'cancelled', maxTurns: 'max_turn_requests', error: 'end_turn' };

export class AcpSession {
  private lastReason: AgentEndReason = 'done';

  private constructor(
    readonly session: Session,
    private readonly client: AgentContext,
    private readonly log: (message: string) => void,
    /** shown in the panel before the first answer (the log is not read): the folder is the home folder */
    private warning: string | undefined,
  ) {}

  static async open(o: OpenOptions): Promise<AcpSession> {
    const { config, warning } = await workspaceConfig(o.cwd, o, o.log);
    if (warning) o.log(`warning: ${warning}`);
    config.mcpServers = withClientServers(config.mcpServers, clientMcpServers(o.mcpServers));
    // the questions and the editor's files need the session's id, known once it exists
    const ref: { id?: string } = {};
    const clientAsks = o.clientFs.read && o.clientFs.write && o.clientFs.asksOnWrite === true;
    const ask: Asker = async (request, signal) => {
      // the client's own question on the write is the one the user answers
      if (leftToClient(request, clientAsks)) return { answer: 'yes' };
      try {
        const response = await o.client.request('session/request_permission', permissionRequest(ref.id ?? '', request, config.cwd), {
          cancellationSignal: signal,
        });
        return answerOf(request, response);
      } catch (error) {
        o.log(`permission request failed: ${(error as Error).message}`);
        return { answer: 'no', reason: 'the editor did not answer the permission request' };
      }
    };
    const editorFiles: EditorFiles | undefined =
      o.clientFs.read && o.clientFs.write
        ? {
            read: async (path) => (await o.client.request('fs/read_text_file', { sessionId: ref.id ?? '', path })).content,
            write: async (path, content) => {
              await o.client.request('fs/write_text_file', { sessionId: ref.id ?? '', path, content });
            },
          }
        : undefined;
    const session = await createSession({
      config,
      systemPrompt: o.systemPrompt,
      appendSystemPrompt: o.appendSystemPrompt,
      ...(o.resumeFile ? { resumeFile: o.resumeFile } : {}),
      safety: { interactive: true, notify: o.log },
      note: o.log,
      editorFiles,
    });
    ref.id = session.view().id;
    const acp = new AcpSession(session, o.client, o.log, warning);
    const goal = new GoalUpdates();
    const questions = answerQuestions(session, ask);
    session.subscribe(async (event) => {
      questions(event);
      if (event.type === 'agent_end') acp.lastReason = event.reason;
      // a plan approved in the panel changes the mode too: the client's selector follows
      if (event.type === 'mode') void acp.notify({ sessionUpdate: 'current_mode_update', currentModeId: event.mode }).catch(() => {});
      for (const update of event.type === 'goal' ? goal.next(event.goal) : updatesFor(event, config.cwd)) await acp.notify(update);
    });
    return acp;
  }

  get id(): string {
    return this.session.view().id;
  }

  private notify(update: SessionUpdate): Promise<void> {
    return this.client.notify('session/update', { sessionId: this.id, update });
  }

  /** The commands tack answers itself in a prompt, for the client's `/` menu (sent once the client knows the session). */
  advertiseCommands(): Promise<void> {
    const goal = {
      name: 'goal',
      description: 'work until a command exits 0; alone: show it; clear: drop it',
      input: { hint: 'command to check, e.g. npm test' },
    };
    return this.notify({ sessionUpdate: 'available_commands_update', availableCommands: [goal] });
  }

  /** Sends the stored conversation to the client (`session/load`). */
  async replayHistory(): Promise<void> {
    const { state, config, todos } = this.session.view();
    for (const update of replay(state.messages, config.cwd)) await this.notify(update);
    if (todos.length) await this.notify(planUpdate(todos));
  }

  modes(): SessionModeState {
    const gate = this.session.view().approvals;
    const current = gate && gate.mode !== 'auto' ? gate.mode : 'ask';
    return { currentModeId: current, availableModes: APPROVAL_MODES.map((id) => ({ id, name: id, description: MODE_NAMES[id] })) };
  }

  async setMode(modeId: string): Promise<boolean> {
    const mode = APPROVAL_MODES.find((m) => m === modeId);
    if (!mode || !this.session.view().approvals) return false;
    // the mode event tells the client
    await this.session.submit({ type: 'set_mode', mode });
    return true;
  }

  /**
   * A prompt while idle starts a turn; while the agent works it steers, delivered after the running
   * tool batch (tack's own semantics; other agents queue). Either way it answers when the run ends.
   */
  async prompt(message: UserMessage): Promise<StopReason> {
    if (this.warning) {
      await this.notify({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `Warning: ${this.warning}.\n\n` } });
      this.warning = undefined;
    }
    // through the front door, as typed text in the app: a command expanded, the hooks run, @files attached
    const sent = await this.session.submit({ type: 'user_message', input: message });
    for (const note of sent.notes) this.log(note);
    if (sent.blocked) {
      await this.notify({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: sent.blocked } });
      return 'refusal';
    }
    for (const refused of sent.refused) await this.notify({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `${refused}\n` } });
    // tack's own answer (`/goal`): nothing went to the model
    if (sent.said) await this.notify({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `${sent.said}\n` } });
    await sent.done;
    await this.session.submit({ type: 'wait_idle' });
    if (this.lastReason === 'error') throw new RequestError(-32603, this.session.view().state.errorMessage ?? 'the run failed');
    return STOP[this.lastReason];
  }

  cancel(): void {
    void this.session.submit({ type: 'abort' });
  }

  close(): void {
    void this.session.submit({ type: 'abort' });
    void this.session.close();
  }
}
