import pino from 'pino';

/** A log destination as pino holds it: what `write` is given is one or more whole lines. */
export type LogDestination = { write(lines: string): unknown };

const held = new Set<LinesOfOneTurn>();
process.on('exit', () => {
  for (const lines of held) lines.flush();
});

/**
 * Hands the log lines of one turn of the event loop to `destination` in one write when the turn
 * is over, in the order they were logged: under load many answers finish in one turn, and one
 * write of all their lines costs less than one each. Lines still held when the process exits are
 * written then.
 */
class LinesOfOneTurn implements LogDestination {
  private text = '';

  constructor(private readonly destination: LogDestination) {}

  write(lines: string) {
    if (this.text === '') {
      held.add(this);
      setImmediate(() => this.flush());
    }
    this.text += lines;
    return true;
  }

  flush() {
    if (this.text === '') return;
    const lines = this.text;
    this.text = '';
    held.delete(this);
    this.destination.write(lines);
  }
}

/** Where the portal's log goes: the given stream, else standard output as pino writes it. */
export const logDestination = (stream?: LogDestination) =>
  new LinesOfOneTurn(stream ?? pino.destination({ dest: 1, sync: true }));
