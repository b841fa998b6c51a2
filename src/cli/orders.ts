// `truecost orders erase-customer`: erases a customer's personal data from one order, as India's
// DPDP Act and the GDPR give the customer the right to ask (docs/operations.md, "Erasing a
// customer's data"). The order stays, with its climes and dates.
import type { Output } from './types.js';
import { environmentOf, partnerOf } from './admin.js';
import { lastingDbUrlOf, withStore } from './store-url.js';
import { parseCommand, required, UsageError } from './usage.js';

/**
 * `truecost orders erase-customer --partner ID --env staging|production --order ID [--db URL]`:
 * resolves to the exit code, 0 once the order's customer is erased, 1 when the store holds no such
 * order (nothing is written).
 */
export async function ordersCommand(args: readonly string[], output: Output): Promise<number> {
  const [action, ...rest] = args;
  if (action !== 'erase-customer') {
    throw new UsageError(action === undefined ? 'truecost orders needs erase-customer.' : `Unknown orders command ${JSON.stringify(action)}.`);
  }
  const { values, positionals } = parseCommand(rest, {
    partner: { type: 'string' },
    env: { type: 'string' },
    order: { type: 'string' },
    db: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const scope = { partnerId: partnerOf(values.partner), environment: environmentOf(values.env) };
  const partnerOrderId = required(values.order, 'order');
  return withStore(lastingDbUrlOf(values.db, 'orders erase-customer'), async (store) => {
    const where = `order ${JSON.stringify(partnerOrderId)} of partner ${scope.partnerId} (${scope.environment})`;
    if (!(await store.eraseCustomer(scope, partnerOrderId))) {
      output.err(`No ${where}: nothing was erased. Check --partner, --env and --order.`);
      return 1;
    }
    output.out(`Erased the customer's e-mail, name and phone from ${where}; its climes and dates are kept.`);
    return 0;
  });
}
