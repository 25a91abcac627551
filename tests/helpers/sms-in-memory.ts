// Setup file of every Vitest file: SMS go to a provider in memory unless a test installs its own
// (`installMemorySms`), so a test that runs the jobs (shipment and refund notices, arrival notices) never writes to the
// developer's outbox file (`data/sms-outbox.jsonl`) or its log.
import { createMemoryProvider } from '../../src/server/auth/sms/memory.ts';
import { useSmsProvider } from '../../src/server/auth/sms/index.ts';

useSmsProvider(createMemoryProvider());
