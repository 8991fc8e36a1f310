/**
 * Imported for its effect: autocannon no longer gathers each answer's body into a string. It
 * does so for every answer, read or not (mcollina/autocannon#485), and decoding the hourly year's
 * 150 kB of gzip as UTF-8 took three quarters of the measuring threads' CPU (profiled) on a
 * machine whose other core is the server's: their queue was counted as the server's latency. No
 * load of the bench reads a body (no verifyBody, expectBody or onResponse).
 */
import PipelinedRequestsQueue from 'autocannon/lib/pipelinedRequestsQueue.js';

PipelinedRequestsQueue.prototype.addBody = function addBody() {};
