// Preloaded into a tack process a test runs (NODE_OPTIONS=--import this file): its clock runs
// FAKE_CLOCK_DAYS days ahead, so a test can play a run on another day.
const shift = Number(process.env.FAKE_CLOCK_DAYS ?? 0) * 86_400_000;
const RealDate = Date;

globalThis.Date = class extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + shift);
    else super(...args);
  }

  static now() {
    return RealDate.now() + shift;
  }
};
