import type { BlogLocale } from '../../blog/locale.ts';

/** What the router recognises beyond its fixed lexicon: the values the database holds now. */
export interface RouterVocabulary {
  /** The directory's industries (filter-options). */
  industries: ReadonlyArray<{ key: string; label: string }>;
  /** The directory's metro areas (filter-options); labels end in ", <state code>". */
  metros: ReadonlyArray<{ key: string; label: string }>;
  /** The `category` values of the active government opportunities. */
  governmentCategories: readonly string[];
  /** The blog's categories per locale. */
  blogCategories: ReadonlyArray<{ locale: BlogLocale; category: string }>;
}
