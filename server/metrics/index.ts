// Metrics (issue 35, decision 042): GET /metrics in the Prometheus text format, behind METRICS_TOKEN.
// The front door: buildDeps makes the collectors from the parts' own counts, buildApp instruments the
// HTTP server, jobs.ts reports runs through `jobRan`, and the cluster's primary sums the workers.
export { aggregateWorkerMetrics } from './cluster';
export { createMetrics, type MetricSources, type Metrics } from './collectors';
export { instrument, routeLabel } from './http';
