// Fires when a stream has been silent for too long. `touch()` is called for every chunk, so it only
// records a timestamp; the single timer re-arms itself for the remaining time when it fires early.
// That keeps per-chunk cost O(1) instead of clearing and creating a timer per chunk.
export class IdleWatchdog {
  private last = Date.now();
  private timer: NodeJS.Timeout | undefined;
  fired = false;

  /** `timeoutMs` of 0 or Infinity disables the watchdog. */
  constructor(
    private readonly timeoutMs: number,
    private readonly onIdle: () => void,
  ) {
    if (timeoutMs > 0 && Number.isFinite(timeoutMs)) this.arm(timeoutMs);
  }

  touch(): void {
    this.last = Date.now();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => {
      const silent = Date.now() - this.last;
      if (silent < this.timeoutMs) return this.arm(this.timeoutMs - silent);
      this.fired = true;
      this.timer = undefined;
      this.onIdle();
    }, ms);
  }
}
