// truecost/checkout: importing it defines <truecost-opt-in> and <truecost-success> (docs/checkout.md).
export { TruecostOptIn, OPT_IN_CHANGE, SAVE_FAILED, type OptInChangeDetail } from './opt-in.js';
export { TruecostSuccess } from './success.js';
export { cardFigures, type CardFigures, type CardRates } from './figures.js';
