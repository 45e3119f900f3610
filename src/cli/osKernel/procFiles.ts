// Reads the Linux files `sim kernel` depends on, as text in, numbers out: a cgroup's memory.stat
// and memory.events ("name value" lines), /proc/self/io ("name: value"), /proc/self/cgroup
// ("id:controllers:path") and /proc/mounts (fstab fields, with octal escapes). Pure: the caller
// reads the files, so tests feed fixtures (tests/fixtures/osKernel/).

/** "name value" or "name: value" lines into a map; lines that are neither are skipped. */
export function parseCounters(text: string): Map<string, number> {
  const counters = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z0-9_.]+):?\s+(-?[0-9]+)\s*$/.exec(line.trim());
    if (match !== null) counters.set(match[1], Number(match[2]));
  }
  return counters;
}

/** A counter that must be there; the message names the file and the counter. */
export function counter(counters: Map<string, number>, name: string, file: string): number {
  const value = counters.get(name);
  if (value === undefined) throw new Error(`${file} has no ${name} line`);
  return value;
}

/** One line of /proc/self/cgroup: the hierarchy id, its controllers and the group's path. */
export interface ProcCgroupLine {
  id: number;
  /** Empty for cgroup v2's single hierarchy ("0::/path"); names such as "memory" for v1. */
  controllers: string[];
  path: string;
}

export function parseProcCgroup(text: string): ProcCgroupLine[] {
  const lines: ProcCgroupLine[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const first = line.indexOf(':');
    const second = line.indexOf(':', first + 1);
    if (first < 0 || second < 0) continue;
    const names = line.slice(first + 1, second);
    lines.push({
      id: Number(line.slice(0, first)),
      controllers: names === '' ? [] : names.split(','),
      path: line.slice(second + 1),
    });
  }
  return lines;
}

/** The process's cgroup v2 path ("0::/…"), or null. */
export function unifiedPath(lines: readonly ProcCgroupLine[]): string | null {
  return lines.find((line) => line.id === 0 && line.controllers.length === 0)?.path ?? null;
}

/** One line of /proc/mounts. */
export interface Mount {
  device: string;
  mountPoint: string;
  fsType: string;
  options: string[];
}

/** /proc/mounts writes a space, tab, newline or backslash in a path as \040, \011, \012, \134. */
function unescapeOctal(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) =>
    String.fromCharCode(parseInt(octal, 8)),
  );
}

export function parseMounts(text: string): Mount[] {
  const mounts: Mount[] = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 4) continue;
    mounts.push({
      device: unescapeOctal(fields[0]),
      mountPoint: unescapeOctal(fields[1]),
      fsType: fields[2],
      options: fields[3].split(','),
    });
  }
  return mounts;
}

/** The mount a path lies on: the longest mount point that is a whole-component prefix of it. */
export function mountOf(mounts: readonly Mount[], path: string): Mount | null {
  let best: Mount | null = null;
  for (const mount of mounts) {
    const point = mount.mountPoint;
    const inside =
      point === '/' || path === point || path.startsWith(point.endsWith('/') ? point : `${point}/`);
    // A later mount over the same point hides an earlier one: >= keeps the last.
    if (inside && (best === null || point.length >= best.mountPoint.length)) best = mount;
  }
  return best;
}

/** cgroup v1's memory hierarchy, if one is mounted. */
export function cgroupV1MemoryMount(mounts: readonly Mount[]): Mount | null {
  return mounts.find((m) => m.fsType === 'cgroup' && m.options.includes('memory')) ?? null;
}

/** cgroup v2's hierarchy, if mounted (on a hybrid system, beside v1's). */
export function cgroupV2Mount(mounts: readonly Mount[]): Mount | null {
  return mounts.find((m) => m.fsType === 'cgroup2') ?? null;
}

/** Filesystems whose pages live in memory: a file there is never paged to a disk. */
export const MEMORY_FILESYSTEMS: readonly string[] = ['tmpfs', 'ramfs', 'devtmpfs', 'hugetlbfs'];

/** MemAvailable of /proc/meminfo, in bytes, or null when it is not there. */
export function memAvailableBytes(meminfo: string): number | null {
  const match = /^MemAvailable:\s+([0-9]+) kB$/m.exec(meminfo);
  return match === null ? null : Number(match[1]) * 1024;
}

/** The CPU's name from /proc/cpuinfo ("model name", else "Hardware" or "cpu"), or null. */
export function cpuModel(cpuinfo: string): string | null {
  for (const key of ['model name', 'Hardware', 'cpu model', 'cpu']) {
    const match = new RegExp(`^${key}\\s*:\\s*(.+)$`, 'm').exec(cpuinfo);
    if (match !== null && match[1].trim() !== '') return match[1].trim();
  }
  return null;
}

/** Logical CPUs listed in /proc/cpuinfo. */
export function cpuCount(cpuinfo: string): number {
  return (cpuinfo.match(/^processor\s*:/gm) ?? []).length;
}
