import type { A2aAnswerWriter } from './answer-writer-port.ts';
import type { SkillRunner } from './skill-runner-port.ts';

/** What the A2A service needs from outside: the skills to run and the wire to write answers in. */
export interface A2aPorts {
  skills: SkillRunner;
  answers: A2aAnswerWriter;
}
