import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Parses JSON text of megabytes (a reading's photo as base64; the operator's imports, JSON or
 * NDJSON, with a bound on their nesting) in a worker thread. On the event
 * loop, decoding and parsing the 14 MB of the largest photo held every other request for about
 * 100 ms on a slow host (measured: /api/health's p99 while photos were sent); the parsed object
 * comes back by structured clone, a copy of a few milliseconds. Parsed as Fastify parses every
 * other body: secure-json-parse, a `__proto__` or `constructor.prototype` key refused.
 *
 * One thread, started with the first large body and ended after a quiet spell, so that a portal
 * that gets no photos keeps no second V8 heap in its memory.
 */

/** Runs in the worker: CommonJS, and the parser's path resolved by the server's own modules. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { parse } = require(workerData.secureJsonParse);
const options = { protoAction: 'error', constructorAction: 'error' };
// The first line (1 for a whole body) nested deeper than maxDepth, or 0: a scan of the bytes
// before the parse, which would take any depth (10 MB nested 5,000,000 deep: seconds).
function lineTooDeep(bytes, maxDepth, byLine) {
  let depth = 0;
  let inString = false;
  let line = 1;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byLine && byte === 0x0a) {
      line++;
      depth = 0;
      inString = false;
    } else if (inString) {
      if (byte === 0x5c) i++;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > maxDepth) return line;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return 0;
}
function parseLines(buffer) {
  const records = [];
  const lines = buffer.toString('utf8').split('\\n');
  for (let index = 0; index < lines.length; index++) {
    if (lines[index].trim() === '') continue;
    try {
      records.push(parse(lines[index], options));
    } catch {
      return { unreadableLine: index + 1 };
    }
  }
  return { value: records };
}
parentPort.on('message', ({ id, bytes, maxDepth, lines }) => {
  let answer;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const deepLine = maxDepth === undefined ? 0 : lineTooDeep(buffer, maxDepth, lines);
    if (deepLine > 0) answer = { id, tooDeepLine: deepLine };
    else if (lines) answer = { id, ...parseLines(buffer) };
    else answer = { id, value: parse(buffer, options) };
  } catch {
    answer = { id, failed: true };
  }
  try {
    parentPort.postMessage(answer);
  } catch {
    // JSON.parse takes any depth, the structured clone of the answer does not (its stack ends):
    // such a body is refused as unreadable, and the thread goes on.
    parentPort.postMessage({ id, failed: true });
  }
});
`;

/**
 * Shorter than the quiet spell after which the process gives its freed memory back
 * (lib/idle-memory.ts): a thread that ended after it left its pages resident (measured).
 */
const QUIET_BEFORE_END_MS = 1_000;

/** Thrown for text that is no JSON, or JSON with a key that could reach a prototype. */
export class UnreadableJsonError extends Error {
  constructor() {
    super('unreadable JSON');
  }
}

/** A body, or a line of NDJSON (`line`, from 1), nested deeper than the parse was given. */
export class TooDeepJsonError extends Error {
  constructor(readonly line?: number) {
    super('JSON nested too deep');
  }
}

/** A line of NDJSON (from 1) that is no JSON. */
export class UnreadableJsonLineError extends Error {
  constructor(readonly line: number) {
    super('unreadable JSON line');
  }
}

/** How to read the bytes: as one value, or as NDJSON (one value a line, blank lines skipped). */
export interface ParseOptions {
  /** Refused before the parse: nesting of arrays and objects deeper than this. */
  maxDepth?: number;
  /** NDJSON: the answer is the list of the lines' values. */
  lines?: boolean;
}

interface Answer {
  id: number;
  value?: unknown;
  failed?: true;
  tooDeepLine?: number;
  unreadableLine?: number;
}

function failureOf(answer: Answer, lines: boolean): Error | undefined {
  if (answer.tooDeepLine !== undefined)
    return new TooDeepJsonError(lines ? answer.tooDeepLine : undefined);
  if (answer.unreadableLine !== undefined)
    return new UnreadableJsonLineError(answer.unreadableLine);
  if (answer.failed) return new UnreadableJsonError();
  return undefined;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  lines: boolean;
}

/** A thread and the parses it owes: an ended thread fails only its own. */
interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

export function createJsonParseWorker() {
  const secureJsonParse = createRequire(import.meta.url).resolve('secure-json-parse');
  let nextId = 0;
  let current: Thread | undefined;
  let quietTimer: NodeJS.Timeout | undefined;

  const start = (): Thread => {
    const thread: Thread = {
      worker: new Worker(WORKER_SOURCE, { eval: true, workerData: { secureJsonParse } }),
      pending: new Map(),
    };
    const { worker, pending } = thread;
    const failAll = (error: Error) => {
      if (current === thread) current = undefined;
      for (const { reject } of pending.values()) reject(error);
      pending.clear();
    };
    // A parse under way is awaited by its request; the thread itself never keeps the server up.
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      const failure = failureOf(answer, waiting.lines);
      if (failure) waiting.reject(failure);
      else waiting.resolve(answer.value);
      if (pending.size === 0) endWhenQuiet();
    });
    worker.on('error', failAll);
    worker.on('exit', () => failAll(new Error('Der Thread zum Lesen von JSON endete.')));
    return thread;
  };

  const end = async () => {
    clearTimeout(quietTimer);
    const ending = current;
    current = undefined;
    if (ending) await ending.worker.terminate();
  };

  const endWhenQuiet = () => {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(() => {
      if (current && current.pending.size === 0) void end();
    }, QUIET_BEFORE_END_MS);
    quietTimer.unref();
  };

  return {
    /** The value of the UTF-8 JSON in `bytes`; the bytes are handed to the thread, not copied. */
    parse(bytes: Uint8Array, { maxDepth, lines = false }: ParseOptions = {}): Promise<unknown> {
      clearTimeout(quietTimer);
      current ??= start();
      const { worker, pending } = current;
      const id = nextId++;
      // A view over a shared pool is copied: handing its buffer over would take the pool too.
      const owned =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
          ? bytes
          : new Uint8Array(bytes);
      const answer = new Promise<unknown>((resolve, reject) => {
        pending.set(id, { resolve, reject, lines });
      });
      worker.postMessage({ id, bytes: owned, maxDepth, lines }, [owned.buffer as ArrayBuffer]);
      return answer;
    },
    /** Ends the thread; a parse under way fails, the next one starts a thread anew. */
    close: end,
  };
}

export type JsonParseWorker = ReturnType<typeof createJsonParseWorker>;
