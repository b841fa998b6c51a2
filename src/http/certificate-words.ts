// The words of a certificate (docs/api.md, "Certificates") in its two languages, English and Hindi:
// the sentences the page and the JSON form share, numbers and dates through Intl in the language's
// locale. Nothing here reads the customer's data; a view holds none.
import type { CalculationSummary, CertificateView } from '../orders/certificates.js';
import type { ProfileLocale } from '../orders/profiles.js';

/** The Intl locale of each language: British English dates ("12 December 2026"), Indian Hindi. */
const INTL_LOCALES: Readonly<Record<ProfileLocale, string>> = { en: 'en-GB', hi: 'hi-IN' };

/** Below this many kg the figure is in kg, from it in tonnes. */
const KG_PER_TONNE = 1000;

/** The words of one language, as functions of the already formatted figures. */
interface Words {
  readonly title: string;
  readonly kg: (value: string) => string;
  readonly tonnes: (value: string) => string;
  readonly climes: (value: string) => string;
  readonly shop: (name: string | null) => string;
  readonly lead: (shop: string, figure: string | null, climes: string) => string;
  readonly cancelledLead: (shop: string, date: string) => string;
  readonly notStated: (shop: string) => string;
  readonly fromCalculations: (count: string) => string;
  readonly fromRate: (shop: string, rate: string) => string;
  readonly locked: (date: string) => string;
  readonly unlocked: (date: string) => string;
  readonly cancelled: (date: string) => string;
  readonly headings: { readonly facts: string; readonly covered: string };
  readonly labels: { readonly figure: string; readonly climes: string; readonly project: string; readonly registry: string; readonly recorded: string; readonly status: string; readonly paidBy: string };
  readonly paidBy: { readonly vote: string; readonly calculated: string };
  readonly registryLink: (registry: string | null) => string;
  readonly noProject: string;
  readonly issued: string;
  readonly ogTitle: (shop: string, figure: string) => string;
  readonly ogClimes: (shop: string, climes: string) => string;
  readonly calculation: (summary: CalculationSummary, count: (n: number) => string) => string;
}

const ENGLISH: Words = {
  title: 'Carbon neutralisation certificate',
  kg: (value) => `${value} kg`,
  tonnes: (value) => `${value} ${value === '1' ? 'tonne' : 'tonnes'}`,
  climes: (value) => `${value} ${value === '1' ? 'clime' : 'climes'}`,
  shop: (name) => name ?? 'This shop',
  lead: (shop, figure, climes) =>
    figure === null ? `${shop} neutralised this order with ${climes}.` : `${shop} neutralised ${figure} of CO₂e (well-to-wheel) with ${climes}.`,
  cancelledLead: (shop, date) => `${shop} cancelled this neutralisation on ${date}; it neutralises nothing.`,
  notStated: (shop) => `${shop === 'This shop' ? 'The shop' : shop} has not stated how much CO₂e its climes stand for.`,
  fromCalculations: (count) => `Well-to-wheel CO₂e: the sum of ${count === '1' ? 'the recorded calculation' : `${count} recorded calculations`} below.`,
  fromRate: (shop, rate) => `Well-to-wheel CO₂e at ${shop === 'This shop' ? "the shop's" : `${shop}'s`} rate of ${rate} per clime.`,
  locked: (date) => `Can still change until ${date}`,
  unlocked: (date) => `Final since ${date}`,
  cancelled: (date) => `Cancelled on ${date}`,
  headings: { facts: 'The facts', covered: 'What it covered' },
  labels: { figure: 'CO₂e', climes: 'Climes', project: 'Project', registry: 'Registry', recorded: 'Recorded on', status: 'Status', paidBy: 'Paid by' },
  paidBy: { vote: 'The shop', calculated: 'The customer' },
  registryLink: (registry) => (registry === null ? 'View the project at its registry' : `View the project at ${registry}`),
  noProject: 'Not named',
  issued: 'Certificate issued by truecost',
  ogTitle: (shop, figure) => `${shop} neutralised ${figure} of CO₂e`,
  ogClimes: (shop, climes) => `${shop} neutralised an order with ${climes}`,
  calculation: (summary, count) => {
    const n = summary.items;
    switch (summary.endpoint) {
      case 'flight':
        if (n === 1) return summary.routes.length === 1 ? `a flight ${summary.routes[0]}` : 'a flight';
        return `${count(n)} flights${summary.routes.length > 0 ? ` (${summary.routes.join(', ')})` : ''}`;
      case 'cars':
        return n === 1 ? 'a car journey' : `${count(n)} car journeys`;
      case 'transportation':
        if (summary.vehicle === 'SUV') return 'an SUV commute';
        return n === 1 ? 'a bus seat' : `${count(n)} bus seats`;
      case 'logistics':
        return `a shipment of ${count(n)} ${n === 1 ? 'leg' : 'legs'}`;
      case 'freight':
        return `a freight shipment of ${count(n)} ${n === 1 ? 'leg' : 'legs'}`;
      case 'commute':
        return `a commute of ${count(n)} ${n === 1 ? 'leg' : 'legs'}`;
      case 'trip':
        return `a trip of ${count(n)} ${n === 1 ? 'leg' : 'legs'}`;
    }
  },
};

const HINDI: Words = {
  title: 'कार्बन निष्प्रभावन प्रमाणपत्र',
  kg: (value) => `${value} किलोग्राम`,
  tonnes: (value) => `${value} टन`,
  climes: (value) => `${value} क्लाइम्स`,
  shop: (name) => name ?? 'इस दुकान',
  lead: (shop, figure, climes) =>
    figure === null
      ? `${shop} ने ${climes} से इस ऑर्डर को निष्प्रभावित किया।`
      : `${shop} ने ${climes} से ${figure} CO₂e (वेल-टू-व्हील) निष्प्रभावित किया।`,
  cancelledLead: (shop, date) => `${shop} ने ${date} को यह निष्प्रभावन रद्द किया; यह कुछ भी निष्प्रभावित नहीं करता।`,
  notStated: (shop) => `${shop} ने नहीं बताया कि उसका एक क्लाइम कितने CO₂e के बराबर है।`,
  fromCalculations: (count) => `वेल-टू-व्हील CO₂e: नीचे दी गई ${count} दर्ज गणनाओं का योग।`,
  fromRate: (shop, rate) => `वेल-टू-व्हील CO₂e, ${shop} की दर पर: प्रति क्लाइम ${rate}।`,
  locked: (date) => `${date} तक अभी बदल सकता है`,
  unlocked: (date) => `${date} से अंतिम`,
  cancelled: (date) => `${date} को रद्द`,
  headings: { facts: 'विवरण', covered: 'इसमें क्या शामिल था' },
  labels: {
    figure: 'CO₂e',
    climes: 'क्लाइम्स',
    project: 'परियोजना',
    registry: 'रजिस्ट्री',
    recorded: 'दर्ज की तारीख',
    status: 'स्थिति',
    paidBy: 'भुगतान',
  },
  paidBy: { vote: 'दुकान ने', calculated: 'ग्राहक ने' },
  registryLink: (registry) => (registry === null ? 'रजिस्ट्री पर परियोजना देखें' : `${registry} पर परियोजना देखें`),
  noProject: 'नाम नहीं दिया गया',
  issued: 'truecost द्वारा जारी प्रमाणपत्र',
  ogTitle: (shop, figure) => `${shop} ने ${figure} CO₂e निष्प्रभावित किया`,
  ogClimes: (shop, climes) => `${shop} ने ${climes} से एक ऑर्डर निष्प्रभावित किया`,
  calculation: (summary, count) => {
    const n = count(summary.items);
    switch (summary.endpoint) {
      case 'flight':
        if (summary.items === 1) return `उड़ान${summary.routes.length === 1 ? ` ${summary.routes[0]}` : ''}`;
        return `${n} उड़ानें${summary.routes.length > 0 ? ` (${summary.routes.join(', ')})` : ''}`;
      case 'cars':
        return summary.items === 1 ? 'कार यात्रा' : `${n} कार यात्राएँ`;
      case 'transportation':
        if (summary.vehicle === 'SUV') return 'एसयूवी आवागमन';
        return summary.items === 1 ? 'बस की एक सीट' : `बस की ${n} सीटें`;
      case 'logistics':
        return `${n} चरणों की खेप`;
      case 'freight':
        return `${n} चरणों की माल ढुलाई`;
      case 'commute':
        return `${n} चरणों का आवागमन`;
      case 'trip':
        return `${n} चरणों की यात्रा`;
    }
  },
};

const WORDS: Readonly<Record<ProfileLocale, Words>> = { en: ENGLISH, hi: HINDI };

/** The sentences of a certificate in one language: what the page shows and the JSON form repeats. */
export interface CertificateText {
  readonly language: ProfileLocale;
  readonly title: string;
  /** The shop's display name, or the language's "this shop". */
  readonly shop: string;
  /** "25 kg" or "1.25 tonnes"; null when the CO2e is not stated. */
  readonly figure: string | null;
  readonly climes: string;
  /** The first sentence: who neutralised what (or that it was cancelled). */
  readonly lead: string;
  /** How the figure was found, or the sentence that the partner has not stated it. */
  readonly basis: string;
  readonly status: string;
  readonly recorded: string;
  readonly calculations: readonly string[];
  readonly project: string | null;
  readonly registryLink: string | null;
  readonly paidBy: string;
  readonly ogTitle: string;
  readonly ogDescription: string;
}

/** The words of a language, for the page's labels. */
export function wordsOf(language: ProfileLocale): Words {
  return WORDS[language];
}

/** A number in the language's locale, at most `digits` decimals. */
function number(language: ProfileLocale, value: number, digits: number): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: digits }).format(value);
}

/** A day in the language's locale, in UTC: "12 December 2026", "12 दिसंबर 2026". */
export function dayOf(language: ProfileLocale, at: number): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
}

/** A mass of CO2e in kg as people read it: kg below a tonne (three decimals under 1 kg, one under 100), tonnes from one. */
export function massOf(language: ProfileLocale, kg: number): string {
  const words = WORDS[language];
  if (kg >= KG_PER_TONNE) return words.tonnes(number(language, kg / KG_PER_TONNE, 2));
  return words.kg(number(language, kg, kg < 1 ? 3 : kg < 100 ? 1 : 0));
}

/** The sentences of the certificate in `language`. */
export function certificateText(view: CertificateView, language: ProfileLocale): CertificateText {
  const words = WORDS[language];
  const shop = words.shop(view.shop_name);
  const figure = view.co2e_kg === null ? null : massOf(language, view.co2e_kg);
  const climes = words.climes(number(language, view.climes, 6));
  const count = (n: number): string => number(language, n, 0);
  const status =
    view.state === 'cancelled' ? words.cancelled(dayOf(language, view.cancelled_at ?? view.unlock_date))
    : view.state === 'unlocked' ? words.unlocked(dayOf(language, view.unlock_date))
    : words.locked(dayOf(language, view.unlock_date));
  const basis =
    view.co2e_basis === 'calculations' ? words.fromCalculations(count(Math.max(1, view.calculations.length)))
    : view.co2e_basis === 'kg_per_clime' ? words.fromRate(shop, massOf(language, view.kg_per_clime ?? 0))
    : words.notStated(shop);
  const lead = view.state === 'cancelled' ? words.cancelledLead(shop, dayOf(language, view.cancelled_at ?? view.unlock_date)) : words.lead(shop, figure, climes);
  const project = view.project === null ? null : (view.project.name ?? view.project.project_id);
  return {
    language,
    title: words.title,
    shop,
    figure,
    climes,
    lead,
    basis,
    status,
    recorded: dayOf(language, view.created_at),
    calculations: view.calculations.map((summary) => words.calculation(summary, count)),
    project,
    registryLink: view.project === null || view.project.registry_url === null ? null : words.registryLink(view.project.registry),
    paidBy: words.paidBy[view.variant],
    ogTitle: figure === null ? words.ogClimes(shop, climes) : words.ogTitle(shop, figure),
    ogDescription: [status, project === null ? null : `${words.labels.project}: ${project}`, words.issued].filter((part) => part !== null).join(' · '),
  };
}

/**
 * The language of a certificate: `?lang=` when it names one, else the first of English and Hindi
 * that Accept-Language prefers, else the partner's, else English.
 */
export function certificateLanguage(query: string | undefined, acceptLanguage: string | null | undefined, partner: ProfileLocale | null): ProfileLocale {
  const asked = new URLSearchParams(query ?? '').get('lang')?.toLowerCase();
  if (asked === 'en' || asked === 'hi') return asked;
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry): entry is { language: ProfileLocale; q: number; index: number } => (entry.language === 'en' || entry.language === 'hi') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)[0];
  return preferred?.language ?? partner ?? 'en';
}
