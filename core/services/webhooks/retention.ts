/**
 * How long deliveries and their attempts are kept: 30 days. The default schedule gives up after
 * about 33 hours, so only a disabled endpoint's deliveries can still be pending by then. Recover and
 * resend reach back no further: what is older is gone.
 */
export const DELIVERY_RETENTION_MS = 30 * 86_400_000;
