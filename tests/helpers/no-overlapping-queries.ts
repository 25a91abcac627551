// Setup file of every Vitest file: a query sent to a node-postgres client that is still running one (in practice a
// `Promise.all` of reads inside a transaction, whose one connection they share) fails the file. pg queues such
// queries today with a deprecation warning, once per process; pg@9 refuses them. `readAll` (db/transaction.ts)
// runs independent reads the right way on either side of a transaction.
import { afterAll, expect } from 'vitest';

const overlapping: string[] = [];
process.on('warning', (w) => {
  if (w.name === 'DeprecationWarning' && /already executing a query/.test(w.message)) overlapping.push(w.message);
});

afterAll(() => {
  expect(overlapping, 'a query was sent to a PostgreSQL connection still running another one').toEqual([]);
});
