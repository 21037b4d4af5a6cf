/** A hand-written demo post: the facts a generated body is built around. */
export interface DemoTopic {
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  /** Two or three concrete pieces of advice, each one sentence. */
  points: string[];
}
