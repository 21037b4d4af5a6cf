/** What bench/soak.ts and its service process (service-child.ts) say to each other over IPC. */
export interface MemorySample {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  heapLimit: number;
}

export type ParentMessage =
  | { kind: 'sample'; id: number }
  | { kind: 'gc'; id: number }
  | { kind: 'snapshot'; id: number; directory: string; label: string }
  | { kind: 'stop' };

export interface SoakTargets {
  base: string;
  mcpUrl: string;
  mcpToken: string;
  customerId: string;
  listingSlugs: string[];
  opportunitySlugs: string[];
  postSlugs: string[];
  database: string;
}

export type ChildMessage =
  | ({ kind: 'ready' } & SoakTargets)
  | { kind: 'memory'; id: number; memory: MemorySample }
  | { kind: 'snapshot'; id: number; file: string };
