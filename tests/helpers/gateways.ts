// Payment gateways for tests: the sandbox as it is, counting its refund calls and refusing them on demand.
import type { QrPaymentProvider, RefundRequest } from '../../src/server/payment/provider.ts';

/** `base` counting its refund calls (`state.calls`), refusing them with 网关超时 while `state.failing`. */
export function countingGateway(base: QrPaymentProvider, failing = false) {
  const state = { failing, calls: [] as RefundRequest[] };
  const provider: QrPaymentProvider = {
    ...base,
    async refund(req) {
      state.calls.push(req);
      if (state.failing) throw new Error('网关超时');
      return base.refund(req);
    },
  };
  return { state, provider };
}
