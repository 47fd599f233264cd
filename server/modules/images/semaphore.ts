// At most `size` tasks at once; the others wait their turn, first come first served.
export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` never drops in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
