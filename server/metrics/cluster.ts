// One scrape covers every worker (WEB_CONCURRENCY > 1). The scrape reaches whichever worker the
// kernel hands the connection to; that worker asks the primary over the cluster's IPC channel, the
// primary asks every worker for its registry (prom-client's AggregatorRegistry) and answers the sum,
// and the worker sends it. A worker that does not answer within 5 s fails the scrape (a 503): better
// a gap in the graphs than a total that silently leaves a worker out.
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const ASK = 'marketplace:metrics';
const ANSWER = 'marketplace:metrics-answer';
const ANSWER_WITHIN_MS = 6000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** Primary: answers a worker's scrape with every worker's metrics summed. */
export function aggregateWorkerMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    );
  });
}

/**
 * The scrape's text: this process's registry alone, or in a cluster worker every worker's through
 * the primary (this worker's registry is the one the primary's requests read).
 */
export function scraper(registry: Registry): () => Promise<string> {
  if (!cluster.isWorker) return () => registry.metrics();
  AggregatorRegistry.setRegistries(registry);
  new AggregatorRegistry(); // answers the primary's requests for this worker's metrics
  const waiting = new Map<number, (answer: Answer) => void>();
  let nextId = 1;
  process.on('message', (message: Answer) => {
    if (message?.type === ANSWER) waiting.get(message.id)?.(message);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(
        () => settle({ type: ANSWER, id, error: 'the primary did not answer' }),
        ANSWER_WITHIN_MS,
      );
      const settle = (answer: Answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(`metrics of the workers: ${answer.error}`));
      };
      waiting.set(id, settle);
      process.send?.({ type: ASK, id });
    });
}
