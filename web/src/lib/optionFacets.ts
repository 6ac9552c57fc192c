// The option facets of a listing (Size, Colour, Storage…): which values the products in
// scope are sold in, and how many products each would show (`facets.options`).

import type { Facets, OptionFacet, OptionValueCount } from '../api/types.ts';
import { hasOption, type ListingQuery } from './listingQuery.ts';

export type { OptionFacet, OptionValueCount };

/** The answer's option facets, in the server's order (none before the app has an answer). */
export function optionFacets(facets: Facets | undefined): OptionFacet[] {
  return facets?.options ?? [];
}

/** A value as the filters show it: whether it is ticked, and how many products it would show. */
export interface OptionValueChoice extends OptionValueCount {
  chosen: boolean;
}

export interface OptionGroup {
  name: string;
  values: OptionValueChoice[];
}

/**
 * The option groups the filters show: the answer's, in its order, each value with its
 * count, leaving out the values that would show nothing unless they are ticked. A value
 * ticked in the address is always listed (with a count of 0 when the answer does not name
 * it), after the answer's values, and so is its option; an option left with no value to
 * show is not listed.
 */
export function optionGroups(facets: Facets | undefined, query: ListingQuery): OptionGroup[] {
  const groups: OptionGroup[] = optionFacets(facets).map((facet) => ({
    name: facet.name,
    values: facet.values
      .map((v) => ({ value: v.value, count: v.count, chosen: hasOption(query, facet.name, v.value) }))
      .filter((v) => v.chosen || v.count > 0),
  }));
  for (const [name, value] of query.options) {
    let group = groups.find((g) => g.name === name);
    if (!group) {
      group = { name, values: [] };
      groups.push(group);
    }
    if (!group.values.some((v) => v.value === value)) group.values.push({ value, count: 0, chosen: true });
  }
  return groups.filter((g) => g.values.length > 0);
}
