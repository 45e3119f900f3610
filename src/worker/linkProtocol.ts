// Messages between the page and its link worker: the bounded but possibly large work a link or
// a tour brings (unpacking, checking, packing), done off the page's main thread (issue 35).

import type { PackedReading, TourTextReading } from '../core/scenario/linkPrepass';
import type { Tour } from '../core/scenario/tourFormat';

export type LinkRequest =
  /** Unpack and check a link's packed values (linkPrepass.ts readPackedValues). */
  | { id: number; kind: 'link'; link: string }
  /** Read a tour's JSON: a file (every scene's link checked in full) or a kept tour. */
  | { id: number; kind: 'tour-text'; text: string; everyLink: boolean }
  /** The tourz value that carries a tour: packed, or a kept tour's id (linkTours.ts). */
  | { id: number; kind: 'tour-value'; tour: Tour };

export type LinkReply =
  | { id: number; kind: 'link'; reading: PackedReading }
  | { id: number; kind: 'tour-text'; reading: TourTextReading }
  | { id: number; kind: 'tour-value'; value: string }
  | { id: number; kind: 'error'; message: string };
