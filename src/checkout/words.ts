// The cards' words in their two languages: Hindi for a locale whose language is Hindi (`hi`,
// `hi-IN`), English for any other. Numbers, money and dates are not words: Intl writes them in the
// card's locale (`hi-IN` for a bare `hi`).

/** What the cards say, with the figures already formatted. */
export interface CardWords {
  /** The opt-in label: "Neutralise 3.2 kg CO₂e for €0.42" (price undefined: no price). */
  readonly neutralise: (what: string, price: string | undefined) => string;
  /** The CO₂e when no `kg` is given ("the CO₂e of this order"; a title starts it with a capital). */
  readonly thisOrder: string;
  readonly saveFailed: string;
  readonly neutralised: (what: string, climes: string | undefined) => string;
  readonly cancelled: string;
  readonly project: (name: string) => string;
  readonly until: (date: string) => string;
  readonly final: string;
  readonly certificate: string;
  readonly vote: string;
  readonly cardLabel: string;
}

/** English. */
export const ENGLISH: CardWords = {
  neutralise: (what, price) => `Neutralise ${what}${price === undefined ? '' : ` for ${price}`}`,
  thisOrder: 'the CO₂e of this order',
  saveFailed: 'Your choice could not be saved. Please try again.',
  neutralised: (what, climes) => `${what} neutralised${climes === undefined ? '' : ` (${climes} climes)`}. Thank you!`,
  cancelled: 'The neutralisation of this order was cancelled.',
  project: (name) => `Project: ${name}`,
  until: (date) => `You can change this until ${date}.`,
  final: 'This neutralisation is final.',
  certificate: 'View the certificate',
  vote: 'Vote for a project',
  cardLabel: 'Carbon neutral order',
};

/** Hindi. */
export const HINDI: CardWords = {
  neutralise: (what, price) => `${price === undefined ? '' : `${price} में `}${what} निष्प्रभावित करें`,
  thisOrder: 'इस ऑर्डर का CO₂e',
  saveFailed: 'आपकी पसंद सहेजी नहीं जा सकी। कृपया फिर से प्रयास करें।',
  neutralised: (what, climes) => `${what} निष्प्रभावित${climes === undefined ? '' : ` (${climes} क्लाइम्स)`}। धन्यवाद!`,
  cancelled: 'इस ऑर्डर का निष्प्रभावन रद्द कर दिया गया।',
  project: (name) => `परियोजना: ${name}`,
  until: (date) => `आप इसे ${date} तक बदल सकते हैं।`,
  final: 'यह निष्प्रभावन अंतिम है।',
  certificate: 'प्रमाणपत्र देखें',
  vote: 'किसी परियोजना के लिए वोट करें',
  cardLabel: 'कार्बन-तटस्थ ऑर्डर',
};

/** Whether a locale's language is Hindi. */
export const isHindi = (locale: string | undefined): boolean => locale !== undefined && /^hi(-|$)/i.test(locale);

/** The words of a locale, and the locale Intl formats its numbers in (`hi-IN` for a bare `hi`). */
export function wordsOf(locale: string | undefined): { readonly words: CardWords; readonly numbers: string | undefined } {
  if (!isHindi(locale)) return { words: ENGLISH, numbers: locale };
  return { words: HINDI, numbers: locale!.toLowerCase() === 'hi' ? 'hi-IN' : locale };
}
