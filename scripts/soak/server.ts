/** The soak's setup: the build command and the preview server (in its own process group). */
import { type ChildProcess, spawn } from 'node:child_process';

/** Thrown for a failure of the setup (exit code 2), not of a target. */
export class SetupError extends Error {}

/** Runs a command to its end, its output on stderr (stdout stays for the tables and the JSON). */
export function runCommand(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 2, 2] });
    child.on('error', (err) => reject(new SetupError(`${command} ${args.join(' ')}: ${err.message}`)));
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new SetupError(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}).`)),
    );
  });
}

/** Whether something already answers at `origin`. */
async function answers(origin: string): Promise<boolean> {
  try {
    await fetch(`${origin}/`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/** Serve `outDir` with `vite preview` on `port` until it answers (`spawned` gets the process at once, for cleanup). */
export async function startServer(outDir: string, port: number, spawned: (child: ChildProcess) => void): Promise<void> {
  const origin = `http://localhost:${port}`;
  // A server already on the port (another checkout's preview, a test run) would answer in place of ours.
  if (await answers(origin)) throw new SetupError(`port ${port} is in use; free it or pass --port.`);
  let log = '';
  const child = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port), '--strictPort'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  spawned(child);
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new SetupError(`vite preview exited (${child.signalCode ?? `exit ${child.exitCode}`}):\n${log.trim()}`);
    }
    try {
      const res = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new SetupError(`vite preview did not answer on ${origin}/ within 60 s:\n${log.trim()}`);
}
