// The product's fixed lists and limits (spec §3, §5, §9). Web and server both read them from here.

export const CATEGORIES = [
  'Electronics',
  'Agriculture',
  'Clothing and Accessories',
  'Home and Kitchen',
  'Books and Media',
  'Health and Beauty',
  'Sports and Fitness',
  'Toys and Games',
  'Furniture and Decor',
  'Automotive',
  'Baby and Kids',
  'Tools and Hardware',
  'Pet Supplies',
  'Office and Stationery',
  'Musical Instruments',
  'Art and Craft',
  'Outdoor and Camping',
  'Food and Beverages',
  'Antiques and Collectibles',
  'Gardening',
  'Other',
] as const;

export const CITIES = [
  'Harare',
  'Bulawayo',
  'Chitungwiza',
  'Mutare',
  'Gweru',
  'Kwekwe',
  'Kadoma',
  'Masvingo',
  'Chinhoyi',
  'Norton',
  'Zvishavane',
  'Marondera',
  'Chegutu',
  'Bindura',
  'Redcliff',
  'Victoria Falls',
  'Hwange',
  'Rusape',
  'Beitbridge',
  'Kariba',
  'Gokwe',
  'Chipinge',
  'Shurugwi',
  'Gwanda',
  'Chiredzi',
  'Mvurwi',
  'Karoi',
  'Epworth',
  'Ruwa',
  'Other',
] as const;

export const SELL_OR_BUY = ['Buy', 'Sell'] as const;
export const POST_TYPES = ['product', 'service'] as const;
/** Zimbabwe's two currencies (issue 14): a post's price is in one of them, US dollars by default. */
export const CURRENCIES = ['USD', 'ZiG'] as const;
export const DEFAULT_CURRENCY: Currency = 'USD';
/**
 * Payment methods people use here (issue 14): the listing form's quick choices, which fill the spec's
 * free-text paymentMethods field (it stays free text; nothing checks a post's words against this list).
 */
export const PAYMENT_METHOD_CHOICES = [
  'EcoCash',
  'OneMoney',
  'InnBucks',
  'Cash USD',
  'Cash ZiG',
  'Bank transfer',
  'Swipe',
] as const;

export type Category = (typeof CATEGORIES)[number];
export type City = (typeof CITIES)[number];
export type SellOrBuy = (typeof SELL_OR_BUY)[number];
export type PostType = (typeof POST_TYPES)[number];
export type Currency = (typeof CURRENCIES)[number];

export const DEFAULT_CATEGORY: Category = 'Electronics';
export const DEFAULT_CITY: City = 'Harare';

export const LIMITS = {
  imagesPerPost: 5,
  /** Characters of a message (issue 32). */
  messageMax: 2000,
  imageBytes: 5_242_880,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  emailMax: 254,
  phoneMax: 30,
  postNameMax: 120,
  postFieldMax: 200,
  postDetailsMax: 5000,
  commentMax: 2000,
  firstPayloadPerType: 10,
  rollingPageSize: 10,
  postsPageSize: 12,
} as const;

// Milliseconds unless the name says otherwise (spec §9).
export const TIMINGS = {
  signupErrorMs: 3000,
  notificationMs: 5000,
  refreshMs: 30_000,
  engagementMinGapMs: 15_000,
  commentRecheckMs: 1000,
  reactionShowMs: 500,
  reactionHideMs: 300,
  rollingThrottleMs: 150,
  searchDebounceMs: 300,
} as const;

export const ROLLING_FEED = { loadMoreAt: 0.8, pullThresholdPx: 50 } as const;
export const COMMENTS_COLLAPSED = 3;
export const APP_VERSION = '1.0.0';
/** The site's name, in page titles and every mail. */
export const SITE_NAME = 'Zim Marketplace';
/** The spec's zone for dates: the default of the DISPLAY_TIME_ZONE setting (shared/format.ts). */
export const DISPLAY_TIME_ZONE = 'Asia/Singapore';
/** The <meta name> that carries the server's display time zone to the web app. */
export const DISPLAY_TIME_ZONE_META = 'display-time-zone';
export const DISPLAY_LOCALE = 'en-US';
