// The request bodies of the HTTP benchmark: E6 with 10 flights, and E1.
const airports = ['DEL', 'BOM', 'LHR', 'JFK', 'SIN', 'DXB', 'CDG', 'FRA', 'SYD', 'NRT', 'BLR'];

export const e6 = {
  path: '/v3/flight',
  body: JSON.stringify({
    queries: {
      flights: airports.slice(0, 10).map((departure, index) => ({
        flight_id: `f${index}`,
        departure,
        arrival: airports[index + 1],
        no_of_tickets: 1 + (index % 3),
        flight_class: index % 2 === 0 ? 'ECONOMY' : 'BUSINESS',
        flight_type: index % 3 === 0 ? 'ROUND_TRIP' : 'ONE_WAY',
      })),
    },
  }),
};

export const e1 = {
  path: '/v3/integrations/vote/order',
  body: JSON.stringify({
    order: { climes: 12.5, partner_order_id: 'bench-1', customer_email: 'ada@example.com', customer_name: 'Ada Lovelace' },
  }),
};

export const benchBodies = [e6, e1];
