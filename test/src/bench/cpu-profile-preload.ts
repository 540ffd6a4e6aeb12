import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

/**
 * `--require`d into a stack service by scripts/bench.sh when BENCH_CPU_PROF=1 (through RENDER_WORKER_NODE_OPTIONS /
 * API_NODE_OPTIONS): Node 20 refuses --cpu-prof in NODE_OPTIONS, so the profiler is started through the inspector
 * instead. The in-process inspector session answers synchronously, which is what lets the profile be written from
 * the 'exit' handler (services exit through process.exit after their graceful shutdown).
 */
const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  const name = path.basename(path.dirname(path.dirname(process.argv[1] ?? 'node'))) || 'node';
  process.on('exit', () => {
    session.post('Profiler.stop', (err, res) => {
      if (err) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(res.profile));
    });
  });
}
