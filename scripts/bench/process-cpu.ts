/** CPU time of processes, read from /proc (Linux): what the benches divide by the work done. */
import fs from 'node:fs';

/** Linux's clock ticks per second (USER_HZ), the unit of the CPU times in /proc/PID/stat. */
const CLOCK_TICKS = 100;

/** CPU seconds (user and system) a process has used so far; throws once it is gone. */
export function cpuSeconds(pid: number | string): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces: state is the first, utime the 12th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** CPU seconds a process has used so far; 0 once it is gone. */
export function cpuSecondsOrZero(pid: number | string): number {
  try {
    return cpuSeconds(pid);
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by every PostgreSQL process on the machine (server and backends). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        total += cpuSeconds(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
