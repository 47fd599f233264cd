// Test-only preload (node --expose-gc --import): a full garbage collection on SIGUSR2, so a test that
// samples the process's RSS compares live memory, not garbage that happens not to be collected yet.
process.on('SIGUSR2', () => globalThis.gc?.());
