// An in-memory cgroup tree for the tests: directories, files and their writes, with what the
// kernel's cgroupfs does on mkdir (a new group's files appear) and rmdir (a group with a process
// in it refuses). Records every write in order.

import { dirname } from 'node:path';
import type { CgroupFs } from '../../../src/cli/osKernel/memoryGroup';

export class FakeCgroupFs implements CgroupFs {
  readonly dirs = new Set<string>();
  readonly files = new Map<string, string>();
  readonly writes: { path: string; text: string }[] = [];

  /** `groupFiles`: the files each new group starts with (name → text). */
  constructor(
    roots: readonly string[],
    private readonly groupFiles: Record<string, string> = {},
  ) {
    for (const root of roots) this.dirs.add(root);
  }

  mkdir(path: string): void {
    if (!this.dirs.has(dirname(path))) throw new Error(`ENOENT: ${dirname(path)}`);
    if (this.dirs.has(path)) throw new Error(`EEXIST: ${path}`);
    this.dirs.add(path);
    for (const [name, text] of Object.entries(this.groupFiles))
      this.files.set(`${path}/${name}`, text);
  }

  rmdir(path: string): void {
    if (!this.dirs.has(path)) throw new Error(`ENOENT: ${path}`);
    if ((this.files.get(`${path}/cgroup.procs`) ?? '').trim() !== '')
      throw new Error(`EBUSY: ${path}`);
    this.dirs.delete(path);
    for (const name of [...this.files.keys()])
      if (name.startsWith(`${path}/`)) this.files.delete(name);
  }

  read(path: string): string {
    const text = this.files.get(path);
    if (text === undefined) throw new Error(`ENOENT: ${path}`);
    return text;
  }

  write(path: string, text: string): void {
    if (!this.files.has(path)) throw new Error(`EACCES: ${path}`);
    this.files.set(path, text);
    this.writes.push({ path, text });
  }

  exists(path: string): boolean {
    return this.dirs.has(path) || this.files.has(path);
  }

  list(path: string): string[] {
    return [...this.dirs]
      .filter((dir) => dirname(dir) === path)
      .map((dir) => dir.slice(path.length + 1));
  }
}

/** A fresh v1 group's files, as this project's machine shows them (the ones sim kernel touches). */
export const V1_GROUP_FILES: Record<string, string> = {
  'cgroup.procs': '',
  'memory.limit_in_bytes': '9223372036854771712\n',
  'memory.usage_in_bytes': '184320\n',
  'memory.max_usage_in_bytes': '4280320\n',
  'memory.failcnt': '515643\n',
  'memory.force_empty': '',
  'memory.swappiness': '60\n',
  'memory.kmem.usage_in_bytes': '73728\n',
  'memory.oom_control': 'oom_kill_disable 0\nunder_oom 0\noom_kill 0\n',
  'memory.stat': 'cache 3948544\nrss 110592\nmapped_file 3948544\ndirty 3854336\nwriteback 8192\n',
};

/** A fresh v2 group's files. */
export const V2_GROUP_FILES: Record<string, string> = {
  'cgroup.procs': '',
  'memory.current': '188416\n',
  'memory.high': 'max\n',
  'memory.max': 'max\n',
  'memory.peak': '4300800\n',
  'memory.swap.max': 'max\n',
  'memory.events': 'low 0\nhigh 5120\nmax 812\noom 0\noom_kill 0\noom_group_kill 0\n',
  'memory.stat': 'anon 118784\nfile 3948544\nkernel 90112\nfile_dirty 40960\nfile_writeback 4096\n',
};
