// The cluster test's checks (scripts/test-cluster.ts): each runs in turn and prints PASS or FAIL with
// what it saw; `results` sums the run up.

export interface Result {
  name: string;
  ok: boolean;
  detail: string;
}
export const results: Result[] = [];

export class CheckFailed extends Error {}
export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

export async function check(name: string, body: () => Promise<string>) {
  const started = Date.now();
  try {
    const detail = await body();
    results.push({ name, ok: true, detail });
    console.log(`PASS  ${name} (${Date.now() - started} ms)\n      ${detail}`);
  } catch (error) {
    const detail = error instanceof CheckFailed ? error.message : String((error as Error)?.stack ?? error);
    results.push({ name, ok: false, detail });
    console.log(`FAIL  ${name} (${Date.now() - started} ms)\n      ${detail}`);
  }
}
