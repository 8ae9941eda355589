// Preloaded into the server by BENCH_SERVER_NODE_OPTIONS="--require <this file>" with
// BENCH_CPU_PROFILE=<file.cpuprofile>: a CPU profile of the whole server run (Node refuses
// --cpu-prof in NODE_OPTIONS). The in-thread inspector session answers synchronously, so the
// profile is written at exit, after the server's own graceful shutdown.
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');

const target = process.env.BENCH_CPU_PROFILE;
if (target) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(target, JSON.stringify(result.profile));
    });
  });
}
