// The Session as the modes may read it: getters onto the live parts, made once, so a frame reads it
// at no cost. Anything that changes the session is an operation (ops.ts), never a write here.
import type { SessionView } from './protocol.js';
import type { Questions } from './questions.js';
import type { SessionCore } from './session-core.js';

export function sessionView(core: SessionCore, questions: Questions): SessionView {
  const extensions = {
    get commands() {
      return core.extensions.commands;
    },
    get skills() {
      return core.extensions.skills;
    },
    get agents() {
      return core.extensions.agents;
    },
    get hookSpecs() {
      return core.extensions.hooks?.specs ?? [];
    },
  };
  return {
    get id() {
      return core.id;
    },
    get file() {
      return core.file;
    },
    get config() {
      return core.config;
    },
    get model() {
      return core.model;
    },
    get tools() {
      return core.tools;
    },
    get state() {
      return core.state;
    },
    get running() {
      return core.running;
    },
    get compacting() {
      return core.compacting;
    },
    get waitingFor() {
      return core.waitingFor;
    },
    get compactedCount() {
      return core.compactedCount;
    },
    get usage() {
      return core.usage;
    },
    get usageNow() {
      return core.usageNow;
    },
    queued: () => core.queued(),
    get question() {
      return questions.current;
    },
    get approvals() {
      return core.approvals;
    },
    get todos() {
      return core.todos.items;
    },
    get jobs() {
      return core.jobs;
    },
    get goal() {
      return core.goal.current;
    },
    get checkpoints() {
      return core.checkpoints;
    },
    get mcp() {
      return core.mcp;
    },
    extensions,
  };
}
