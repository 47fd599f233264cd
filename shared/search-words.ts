// What a search means beyond its letters (issue 17, decision 027): words that mean the same thing here,
// British and American spellings, and how a typed text splits into words. Data, read at query time:
// adding a group changes the next search, with nothing to re-index. The web reads the short-input rule.

/** A search needs this many letters or digits in all; fewer says how many to type instead. */
export const SEARCH_MIN_CHARS = 3;

/** The most words one search reads (the rest are ignored). */
const SEARCH_MAX_WORDS = 8;

/**
 * Words (or two-word phrases) a buyer uses for the same thing. A search for any member also finds the
 * others. Lower case; each member is matched as the start of a word, in any of its English forms
 * ('fridge' finds 'fridges'), so list the plain form.
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  // British and American spellings (posts here use both).
  ['tyre', 'tire'],
  ['colour', 'color'],
  ['jewellery', 'jewelry'],
  ['aluminium', 'aluminum'],
  ['litre', 'liter'],
  ['metre', 'meter'],
  ['centre', 'center'],
  ['grey', 'gray'],
  ['favourite', 'favorite'],
  ['neighbour', 'neighbor'],
  ['licence', 'license'],
  ['programme', 'program'],
  ['mould', 'mold'],
  ['organiser', 'organizer'],
  ['catalogue', 'catalog'],
  ['pyjamas', 'pajamas'],
  ['nappy', 'diaper'],
  ['trousers', 'pants'],
  ['petrol', 'gasoline'],
  // Same thing, other words: electronics and appliances.
  ['fridge', 'refrigerator'],
  ['phone', 'cellphone', 'mobile', 'smartphone', 'handset'],
  ['tv', 'television', 'telly'],
  ['laptop', 'notebook computer'],
  ['aircon', 'air conditioner', 'air conditioning'],
  ['stove', 'cooker'],
  ['microwave', 'microwave oven'],
  ['speaker', 'sound system', 'hifi'],
  ['decoder', 'dstv'],
  // Power: the utility is ZESA, and load-shedding sells solar and generators.
  ['zesa', 'electricity'],
  ['solar', 'photovoltaic'],
  ['generator', 'genset'],
  ['battery', 'batteries'],
  // Vehicles and transport.
  ['kombi', 'minibus', 'commuter omnibus'],
  ['car', 'vehicle', 'automotive'],
  ['bakkie', 'pickup', 'pick up', 'truck'],
  ['motorbike', 'motorcycle'],
  ['bicycle', 'bike'],
  ['spares', 'spare parts'],
  // Home and garden.
  ['sofa', 'couch', 'lounge suite'],
  ['wardrobe', 'closet'],
  ['borehole', 'well drilling'],
  ['tank', 'jojo'],
  ['braai', 'barbecue', 'grill'],
  ['rent', 'rental', 'to let'],
  ['cottage', 'flat', 'apartment'],
  // Services: the trade and its work.
  ['plumber', 'plumbing'],
  ['electrician', 'wiring'],
  ['builder', 'building', 'construction'],
  ['mechanic', 'car repairs'],
  ['cleaner', 'cleaning', 'maid'],
  ['tutor', 'tuition', 'lessons'],
  ['hairdresser', 'salon', 'braids'],
  ['tailor', 'dressmaker'],
  ['welder', 'welding'],
  ['photographer', 'photography'],
  ['driver', 'chauffeur'],
  ['transport', 'delivery', 'courier'],
  // Farming.
  ['livestock', 'cattle', 'cows'],
  ['goats', 'goat'],
  ['chickens', 'chicken', 'broilers', 'road runners'],
  ['maize', 'mealies'],
  ['fertiliser', 'fertilizer'],
  // The categories in everyday words.
  ['furniture', 'furnishings'],
  ['books', 'textbooks', 'novels'],
  ['gym', 'fitness', 'exercise'],
  ['cosmetics', 'makeup', 'beauty'],
  ['groceries', 'food'],
  ['stationery', 'office supplies'],
  ['kids', 'children'],
  ['antiques', 'collectibles', 'vintage'],
  ['crafts', 'handmade'],
  // Clothes and babies.
  ['clothes', 'clothing'],
  ['shoes', 'sneakers', 'takkies'],
  ['pram', 'stroller'],
];

/**
 * Words that say nothing about what is wanted ('a fridge for sale'): left out of a search that has other
 * words. The posts' index drops English stop words anyway; typed as the start of a word, 'for' would
 * find 'ford' and 'form'.
 */
export const SEARCH_STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and any are as at be by for from i in is it me my need of on or sale the to want wanted with'.split(
    ' ',
  ),
);

/** The words of `input` as the search reads them: NFKC, lower case, runs of letters or digits. */
export function searchWords(input: string): string[] {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, SEARCH_MAX_WORDS);
}

/** How many letters or digits `input` holds: below SEARCH_MIN_CHARS it does not search. */
const searchLength = (input: string) => searchWords(input).join('').length;

/** Whether `input` is long enough to search (blank input is no search at all, not a short one). */
export const isShortSearch = (input: string) => {
  const length = searchLength(input);
  return length > 0 && length < SEARCH_MIN_CHARS;
};
