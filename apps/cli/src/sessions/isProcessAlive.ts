/** Whether a process id names a running process (signal 0 probes without sending anything). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is only not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
