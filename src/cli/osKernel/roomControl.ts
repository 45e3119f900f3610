// Keeps a group's limit at "what the process holds besides the array, plus the room asked for".
// What it holds besides the array is not constant: page tables and the page cache's own nodes grow
// as the array is touched, and the kernel charges memory to a group in per-CPU batches (up to 64
// pages a CPU, pre-charged before use). A limit fixed at the start left the array 3-5% less room
// than asked on this project's machine; so each progress sample (the group's charge and the array's
// resident pages, read back to back by the helper) gives "besides" = charge − resident array, and
// the limit follows the median of the last few. Pure: the runner applies what it returns.

import { median } from '../../core/measure/timing';

/** Samples the median is taken over. */
export const CONTROL_WINDOW = 7;
/** The limit moves only when the target is this many pages away (each move makes the kernel work). */
export const CONTROL_STEP_PAGES = 4;

export interface RoomStats {
  besides: { atStart: number; median: number; max: number };
  limit: { min: number; max: number };
}

export class RoomControl {
  private readonly window: number[] = [];
  private readonly all: number[] = [];
  private limit = 0;
  private atStart = 0;
  private limitMin = Number.POSITIVE_INFINITY;
  private limitMax = 0;

  constructor(
    private readonly roomBytes: number,
    private readonly pageBytes: number,
  ) {}

  /** The first limit, from what the group holds before the array is touched. */
  start(besidesBytes: number): number {
    this.atStart = besidesBytes;
    this.window.push(besidesBytes);
    return this.set(besidesBytes + this.roomBytes);
  }

  /**
   * One sample: the group's charge and the array's resident pages at the same instant. Returns
   * the limit it should move to, else null (the runner moves it, then says so with accept()). A
   * sample without a charge (-1) is skipped.
   */
  sample(chargedBytes: number, residentPages: number): number | null {
    if (chargedBytes < 0) return null;
    const besides = Math.max(0, chargedBytes - residentPages * this.pageBytes);
    this.window.push(besides);
    this.all.push(besides);
    if (this.window.length > CONTROL_WINDOW) this.window.shift();
    const target =
      Math.ceil((median(this.window) + this.roomBytes) / this.pageBytes) * this.pageBytes;
    if (Math.abs(target - this.limit) < CONTROL_STEP_PAGES * this.pageBytes) return null;
    return target;
  }

  /** The limit is now `bytes` (what sample() proposed, once the group took it). */
  accept(bytes: number): void {
    this.set(bytes);
  }

  private set(bytes: number): number {
    this.limit = Math.ceil(bytes / this.pageBytes) * this.pageBytes;
    this.limitMin = Math.min(this.limitMin, this.limit);
    this.limitMax = Math.max(this.limitMax, this.limit);
    return this.limit;
  }

  stats(): RoomStats {
    const samples = this.all.length > 0 ? this.all : [this.atStart];
    return {
      besides: { atStart: this.atStart, median: median(samples), max: Math.max(...samples) },
      limit: { min: this.limitMin, max: this.limitMax },
    };
  }
}
