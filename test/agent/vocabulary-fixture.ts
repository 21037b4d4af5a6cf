import type { RouterVocabulary } from '../../core/services/agent/text-router/route-text.ts';
import { demoTopicsEn } from '../../scripts/seed/demo-data/blog-demo-en.ts';
import { demoTopicsEs } from '../../scripts/seed/demo-data/blog-demo-es.ts';
import { industries, metros } from '../../scripts/seed/demo-data/directory-catalogue.ts';
import { TRADES } from '../../scripts/seed/demo-data/government-catalogue.ts';

/** The vocabulary the seeded demo data gives the text router: fixed, so the phrasing tables need no database. */
export const DEMO_VOCABULARY: RouterVocabulary = {
  industries: industries.map(({ key, label }) => ({ key, label })),
  metros: metros.map(({ key, label }) => ({ key, label })),
  governmentCategories: [...new Set(TRADES.map((trade) => trade.category))],
  blogCategories: [
    ...[...new Set(demoTopicsEn.map((topic) => topic.category))].map((category) => ({
      locale: 'en-US' as const,
      category,
    })),
    ...[...new Set(demoTopicsEs.map((topic) => topic.category))].map((category) => ({
      locale: 'es-US' as const,
      category,
    })),
  ],
};
