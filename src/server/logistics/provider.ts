/** What a tracking provider is asked: the parcel of one shipped store order. */
export interface TrackQuery {
  /** Express company code (`src/shared/express.ts`), e.g. `SF`. */
  code: string;
  /** The tracking number the merchant entered. */
  number: string;
  /** The receiver's phone: some carriers (SF) answer only with its last digits. */
  phone: string;
  /** When the merchant shipped it. */
  shippedAt: Date;
  /** Where it leaves from and goes to ("杭州市", "北京市", or a country's name abroad); the demo provider reads them. */
  from?: string;
  to?: string;
  /** The receiver is outside mainland China (the demo timeline passes customs). */
  abroad?: boolean;
}

/** One line of a tracking timeline, as the reference's `express[]` shows it: mall time and what happened. */
export interface TrackStep {
  /** 'YYYY-MM-DD HH:mm:ss' in mall time (Beijing). */
  time: string;
  status: string;
}

/**
 * Tracks a parcel. Returns the timeline newest first (empty when the carrier has nothing yet); throws a
 * `LogisticsError` when the answer could not be had (service down, timeout, garbage). Called outside any transaction.
 */
export interface LogisticsProvider {
  readonly name: string;
  track(query: TrackQuery): Promise<TrackStep[]>;
}

/** The tracking provider failed; the message is for the server log, never shown to a shopper as is. */
export class LogisticsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogisticsError';
  }
}
