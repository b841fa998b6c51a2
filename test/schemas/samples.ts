// Shapes of the contract's sample requests (E1 to E5).
export const orderSample = {
  climes: 12.5,
  partner_order_id: 'ORD-1001',
  customer_email: 'asha@example.com',
  customer_name: 'Asha Rao',
  customer_phone: '+91 98765 43210',
  unlock_date: 1_893_456_000_000,
  cart_id: 'CART-77',
  project_id: 'mangroves-sundarbans',
};
export const samples = {
  createOrder: { order: orderSample },
  createOrders: { orders: [orderSample, { ...orderSample, partner_order_id: 'ORD-1002', cart_id: 'CART-78' }] },
  updateClimes: { climes: 2.25, partner_order_id: 'ORD-1001' },
  optIn: { cart_id: 'CART-77', climes: 12.5, opted_in: true },
};

