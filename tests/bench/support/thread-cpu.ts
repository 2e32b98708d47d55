/** CPU time (user and system, milliseconds) the calling thread has used so far. */
export function threadCpuMs(): number {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
}
